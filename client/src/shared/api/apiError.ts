/** Error thrown by the API wrapper for every failed call. `message` carries the wording of docs/product.md, Errors. */
export class ApiError extends Error {
  readonly status: number;
  /** The API's machine-readable cause, when it gives one (e.g. `b_analysing`); `message` is for people. */
  readonly reason?: string;

  constructor(message: string, status: number, reason?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.reason = reason;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
