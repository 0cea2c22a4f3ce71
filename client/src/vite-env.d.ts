/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API origin when it differs from the page origin (optional). */
  readonly VITE_API_BASE_URL?: string;
}
