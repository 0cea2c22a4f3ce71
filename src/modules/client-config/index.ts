// The front door of the client-config module: what other modules may import from it (.dependency-cruiser.cjs,
// 'modules-enter-by-the-front-door'). Everything else in this folder is the module's own.
export { publicConfigOf } from './public-config';
export type { PublicConfigDto } from './public-config';
