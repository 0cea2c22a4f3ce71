// The front door of the users module: what other modules may import from it (.dependency-cruiser.cjs,
// 'modules-enter-by-the-front-door'). Everything else in this folder is the module's own.
export type { User } from './user.entity';
export { UsersModule } from './users.module';
export { UsersService } from './users.service';
export type { VerifiedIdentity } from './verified-identity';
