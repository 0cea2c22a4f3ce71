import { ApiError } from './apiError';
import { isPaymentRequiredReason, showPaymentRequired, type PaymentRequiredNotice } from './paymentRequired';

/** The part of a signed-in user the wrapper needs (a Firebase `User` satisfies it). */
export interface TokenUser {
  getIdToken(forceRefresh?: boolean): Promise<string>;
}

export type FetchLike = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

export interface ApiFetchOptions {
  /** Current signed-in user, or null. Read on every call. */
  getUser: () => TokenUser | null | undefined;
  /** API origin (optionally with a path prefix). Empty string = the page origin. */
  baseUrl?: string;
  /** Underlying fetch; defaults to the global one (tests pass a fake). */
  fetch?: FetchLike;
  /** Shows the 402 notice; defaults to the app's dialog (PaymentRequiredDialog), never the browser's alert. */
  notifyPaymentRequired?: (notice: PaymentRequiredNotice) => void;
  /** Paths that are called without a token. Default: everything under /public/. */
  isPublicPath?: (path: string) => boolean;
}

export const USER_NOT_AUTHENTICATED = 'User not authenticated';
export const TRIAL_EXPIRED_MESSAGE = 'Your trial has expired. Please upgrade to continue.';

const defaultIsPublicPath = (path: string) => path === '/public' || path.startsWith('/public/');

const pageOrigin = () => (typeof window !== 'undefined' ? window.location.origin : 'http://localhost');

function joinUrl(baseUrl: string, url: string): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(url) || !baseUrl) return url;
  return `${baseUrl.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

/** The request's path relative to the API base (so a base with a path prefix still sees `/public/...`). */
function apiPath(url: string, baseUrl: string): string {
  const { pathname } = new URL(url, pageOrigin());
  const basePath = baseUrl ? new URL(baseUrl, pageOrigin()).pathname.replace(/\/+$/, '') : '';
  return basePath && pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : pathname;
}

function isJson(response: Response): boolean {
  const type = response.headers.get('content-type') ?? '';
  return /[/+]json\b/i.test(type);
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

function textField(body: unknown, field: 'message' | 'error' | 'reason'): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const value = (body as Record<string, unknown>)[field];
  if (typeof value === 'string' && value.trim()) return value;
  // NestJS validation errors carry `message: string[]`.
  if (Array.isArray(value) && value.length && value.every((v) => typeof v === 'string')) return value.join(', ');
  return undefined;
}

/**
 * Builds the one fetch-compatible function every API call goes through (docs/product.md, Endpoints › Calling conventions, and Errors).
 * It returns the `Response` untouched when it is OK, and throws `ApiError` otherwise.
 */
export function createApiFetch(options: ApiFetchOptions): FetchLike {
  const baseUrl = options.baseUrl ?? '';
  const isPublicPath = options.isPublicPath ?? defaultIsPublicPath;

  return async function apiFetch(input, init) {
    const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    const request = input instanceof Request ? input : null;
    const url = request ? request.url : joinUrl(baseUrl, input instanceof URL ? input.href : String(input));
    const isPublic = isPublicPath(apiPath(url, baseUrl));

    const user = isPublic ? null : options.getUser();
    if (!isPublic && !user) throw new ApiError(USER_NOT_AUTHENTICATED, 401);

    const headers = new Headers(request?.headers);
    new Headers(init?.headers).forEach((value, key) => headers.set(key, value));
    if (init?.body instanceof FormData) {
      headers.delete('content-type'); // the runtime sets multipart with its boundary
    } else if (!headers.has('content-type')) {
      headers.set('content-type', 'application/json');
    }

    // A Request body can be read once: keep a copy for the 401 retry.
    const spare = request && !isPublic ? request.clone() : null;
    const send = (token: string | null, source: Request | null) => {
      const sendHeaders = new Headers(headers);
      if (token) sendHeaders.set('authorization', `Bearer ${token}`);
      return source
        ? fetchImpl(new Request(source, { ...init, headers: sendHeaders }))
        : fetchImpl(url, { ...init, headers: sendHeaders });
    };

    let response = await send(user ? await user.getIdToken() : null, request);

    if (response.status === 401 && user) {
      let retried: Response | null = null;
      try {
        retried = await send(await user.getIdToken(true), spare);
      } catch (error) {
        console.error('Token refresh or retry failed', error);
      }
      if (!retried || !retried.ok) {
        const status = retried?.status ?? response.status;
        throw new ApiError(`API request failed: ${status}`, status);
      }
      response = retried;
    }

    if (response.ok) return response;

    const status = response.status;
    const json = isJson(response);
    const body = json ? await readJson(response) : null;

    if (status === 402) {
      // Our server's `error` is the status name and its `message` the text for people (with a `reason`); a body of
      // another shape keeps the older rule (its error text, else its message).
      const reason = textField(body, 'reason');
      const message = (reason ? textField(body, 'message') : undefined) ?? textField(body, 'error') ?? textField(body, 'message') ?? TRIAL_EXPIRED_MESSAGE;
      (options.notifyPaymentRequired ?? showPaymentRequired)({ message, ...(isPaymentRequiredReason(reason) ? { reason } : {}) });
      throw new ApiError(message, status, reason);
    }

    if (json) throw new ApiError(textField(body, 'message') ?? `API request failed: ${status}`, status, textField(body, 'reason'));
    if (status === 401) throw new ApiError('Authentication required', status);
    if (status === 404) throw new ApiError('Resource not found', status);
    throw new ApiError(`API returned HTML error page (${status})`, status);
  };
}
