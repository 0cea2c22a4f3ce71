export { ApiError, isApiError } from './apiError';
export {
  createApiFetch,
  PAYMENT_REDIRECT_DELAY_MS,
  TRIAL_EXPIRED_MESSAGE,
  USER_NOT_AUTHENTICATED,
  type ApiFetchOptions,
  type FetchLike,
  type TokenUser,
} from './apiFetch';
export {
  API_BASE_URL,
  apiFetch,
  getMe,
  getPublicConfig,
  getSharedReport,
  notifyPaymentRequired,
  setApiUserSource,
  setPaymentRequiredHandler,
  type Me,
  type PublicConfig,
  type SharedReport,
} from './client';
