import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension, ApiSecurity } from '@nestjs/swagger';
import type { ApiKeyScope } from '../api-keys';

export const KEY_SCOPE = 'apiKeyScope';
/** The OpenAPI security scheme of the X-API-Key header (a key in `Authorization: Bearer` uses the bearer scheme). */
export const API_KEY_SECURITY = 'api-key';

/**
 * The API key scope a route needs. Routes without it are closed to API keys (billing, key and webhook management):
 * a key reaches only what is marked, so a new route is safe by default. Also declares the X-API-Key scheme on the
 * route in the OpenAPI document, with the scope it needs (x-api-key-scope).
 */
export const KeyScope = (scope: ApiKeyScope) =>
  applyDecorators(SetMetadata(KEY_SCOPE, scope), ApiSecurity(API_KEY_SECURITY), ApiExtension('x-api-key-scope', scope));

/**
 * On a method of a controller marked @KeyScope('read'): this route needs a write key. (The X-API-Key scheme is already
 * declared by the controller; declaring it again would list it twice in the document.)
 */
export const NeedsWriteKey = () => applyDecorators(SetMetadata(KEY_SCOPE, 'write'), ApiExtension('x-api-key-scope', 'write'));

/** Whether a key of `held` scope may call a route that needs `needed` (undefined: the route is closed to keys). */
export function keyScopeAllows(held: ApiKeyScope, needed: ApiKeyScope | undefined): boolean {
  if (!needed) return false;
  return needed === 'read' || held === 'write';
}

/**
 * A key of any scope may call this route, which declares its security schemes itself (the public PDF routes, where
 * a bearer token, a key or nothing all work) or is outside the OpenAPI document (the report data file).
 */
export const KeysMayRead = () => SetMetadata(KEY_SCOPE, 'read');
