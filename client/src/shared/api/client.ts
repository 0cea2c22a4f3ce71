/**
 * The app's API client: the generated SDK (`@preflight/sdk`) configured to send every call through the one
 * wrapper `apiFetch` (token, 401 retry, error texts of docs/product.md, 402 handling). Operations are the SDK's,
 * named after the server's operationIds; helpers here unwrap `data` so callers get plain values or an ApiError.
 */
import {
  client,
  getMe as sdkGetMe,
  getPublicConfig as sdkGetPublicConfig,
  getSharedReport as sdkGetSharedReport,
  type MeDto,
  type PublicConfigDto,
  type SharedReportDto,
} from '@preflight/sdk';
import { createApiFetch, type TokenUser } from './apiFetch';
import { showPaymentRequired, type PaymentRequiredNotice } from './paymentRequired';

import { API_BASE_URL } from '../../lib/apiBaseUrl';

export { API_BASE_URL };

let userSource: () => TokenUser | null = () => null;

/** The auth provider registers where the current user comes from. */
export function setApiUserSource(source: () => TokenUser | null): void {
  userSource = source;
}

/**
 * The wrapper's 402 behaviour for calls that do not go through it (tus uploads): the app's dialog with the server's
 * text and "See plans" (docs/product.md, Errors).
 */
export function notifyPaymentRequired(notice: PaymentRequiredNotice): void {
  showPaymentRequired(notice);
}

export const apiFetch = createApiFetch({
  baseUrl: API_BASE_URL,
  getUser: () => userSource(),
});

client.setConfig({ baseUrl: API_BASE_URL, fetch: apiFetch, throwOnError: true });

// ---- Operations

export type PublicConfig = PublicConfigDto;
export type Me = MeDto;

export const getPublicConfig = async (): Promise<PublicConfig> => (await sdkGetPublicConfig({ throwOnError: true })).data;
export const getMe = async (): Promise<Me> => (await sdkGetMe({ throwOnError: true })).data;

export type SharedReport = SharedReportDto;

/** The shared report by share token (public, no sign-in): GET /public/prevention/share/{token}. */
export const getSharedReport = async (token: string): Promise<SharedReport> =>
  (await sdkGetSharedReport({ path: { token }, throwOnError: true })).data;
