// The front door of the api-keys module: what other modules may import from it (.dependency-cruiser.cjs,
// 'modules-enter-by-the-front-door'). Everything else in this folder is the module's own.
export { API_KEY_PATTERN, looksLikeApiKey } from './api-key-secret';
export type { ApiKey, ApiKeyScope } from './api-key.entity';
export { ApiKeysCoreModule } from './api-keys-core.module';
export { ApiKeysService } from './api-keys.service';
