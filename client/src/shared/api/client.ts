/**
 * The app's API client: the one configured `apiFetch` plus typed helpers for the calls made so far.
 * When `@preflight/sdk` lands, this is the one file that changes:
 *   import { client } from '@preflight/sdk';
 *   client.setConfig({ baseUrl: API_BASE_URL, fetch: apiFetch });
 * and the helpers below become re-exports of the SDK operations (getPublicConfig, getMe, ...).
 */
import { createApiFetch, type TokenUser } from './apiFetch';

/** API origin: `VITE_API_BASE_URL` at build time, else the page origin. */
export const API_BASE_URL: string = (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '';

let userSource: () => TokenUser | null = () => null;
const fullPageToPricing = () => window.location.assign(`${import.meta.env.BASE_URL}pricing`);
let paymentRequiredHandler: () => void = fullPageToPricing;

/** The auth provider registers where the current user comes from. */
export function setApiUserSource(source: () => TokenUser | null): void {
  userSource = source;
}

/** The router registers in-app navigation to /pricing; returns an unregister function. */
export function setPaymentRequiredHandler(handler: () => void): () => void {
  paymentRequiredHandler = handler;
  return () => {
    if (paymentRequiredHandler === handler) paymentRequiredHandler = fullPageToPricing;
  };
}

export const apiFetch = createApiFetch({
  baseUrl: API_BASE_URL,
  getUser: () => userSource(),
  onPaymentRequired: () => paymentRequiredHandler(),
});

async function getJson<T>(path: string): Promise<T> {
  const response = await apiFetch(path, { method: 'GET' });
  return (await response.json()) as T;
}

// ---- Operations (names follow the server's operationIds, as the SDK will) ----

export interface PublicConfig {
  firebase: { apiKey: string; authDomain: string; projectId: string };
  authEmulatorUrl: string | null;
  contactEmail: string;
}

export interface Me {
  id?: string;
  uid?: string;
  email?: string | null;
  displayName?: string | null;
}

export const getPublicConfig = () => getJson<PublicConfig>('/public/config');
export const getMe = () => getJson<Me>('/api/me');

/** Shared report by share token (public, no sign-in). */
export const getSharedReport = (token: string) =>
  getJson<Record<string, unknown>>(`/public/prevention/share/${encodeURIComponent(token)}`);
