export { ApiError, isApiError } from './apiError';
export { onPaymentRequired, paymentRequiredTitle, showPaymentRequired, type PaymentRequiredNotice, type PaymentRequiredReason } from './paymentRequired';
export {
  createApiFetch,
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
  type Me,
  type PublicConfig,
  type SharedReport,
} from './client';
