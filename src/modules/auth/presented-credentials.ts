import type { Request } from 'express';
import { looksLikeApiKey } from '../api-keys';
import { bearerToken } from './bearer';

/**
 * What a request presents: an API key (`Authorization: Bearer pf_…` or `X-API-Key`), a Firebase ID token
 * (`Authorization: Bearer <JWT>`), or nothing. The Authorization header wins when both are sent, so a browser
 * session and a stray X-API-Key never mix.
 */
export type PresentedCredential = { kind: 'key'; key: string } | { kind: 'firebase'; authorization: string } | { kind: 'none' };

export function presentedCredential(headers: { authorization?: string; 'x-api-key'?: string | string[] }): PresentedCredential {
  const token = bearerToken(headers.authorization);
  if (token) return looksLikeApiKey(token) ? { kind: 'key', key: token } : { kind: 'firebase', authorization: headers.authorization! };
  if (headers.authorization !== undefined) return { kind: 'none' };
  const header = headers['x-api-key'];
  const key = (Array.isArray(header) ? header[0] : header)?.trim();
  return key ? { kind: 'key', key } : { kind: 'none' };
}

/**
 * The share token of a request: the X-Share-Token header, or (where the route allows it: a link opened in a browser
 * tab cannot send a header) the `share` query parameter. Undefined when neither is there.
 */
export function presentedShareToken(request: Pick<Request, 'headers' | 'query'>, queryToo: boolean): string | undefined {
  const first = (value: unknown) => (Array.isArray(value) ? (value as unknown[])[0] : value);
  const header = first(request.headers['x-share-token']);
  const token = header !== undefined ? header : queryToo ? first(request.query.share) : undefined;
  return typeof token === 'string' && token ? token : undefined;
}
