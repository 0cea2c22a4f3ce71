import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { readOrCreateLocalSecret } from './local-secret';
import { publicOriginOf } from './public-origin';
import { envSchema, tokenKeyBytes, type Env } from './env.schema';

/** The validated configuration, shaped for the code that uses it. Built once at start; nothing else reads process.env. */
export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
  logLevel: Env['LOG_LEVEL'];
  logFormat: 'json' | 'pretty';
  databaseUrl: string;
  redis: { url: string; prefix: string };
  storageDir: string;
  /** Where files are kept: the local folder (storageDir) or an S3-compatible bucket; credentials come from the AWS SDK's usual sources. */
  storage: { driver: 'local' } | { driver: 's3'; s3: S3Config };
  clientDistDir: string;
  frameRetentionHours: number;
  urlSigningSecret: string;
  contactEmail: string;
  firebase: { projectId: string; apiKey: string; authDomain: string; authEmulatorHost: string | null };
  openai: { apiKey: string; baseUrl: string | null } | null;
  /** Analyses one worker process runs at once. */
  workerConcurrency: number;
  /** Express's `trust proxy` as a hop count: the proxies in front of the API (0: none, X-Forwarded-* is ignored). */
  trustProxy: number;
  debugRoutes: boolean;
  /** null: no Stripe keys, billing endpoints answer 503 (npm start and the tests start the local stand-in instead). */
  stripe: StripeConfig | null;
  /**
   * The app's public origin (PUBLIC_URL; http://localhost:PORT outside production): the only base of the absolute URLs
   * the product writes (src/config/public-origin.ts, publicUrl()). Never taken from a request.
   */
  publicOrigin: string;
  /**
   * Prometheus metrics: a bearer token for scrapes (null: only this machine may read them), and the ports of the worker
   * and the API (0: none). Never on the API's own port, which a reverse proxy forwards.
   */
  metrics: { token: string | null; workerHost: string; workerPort: number; apiHost: string; apiPort: number };
  /** Outgoing webhooks: whether private and loopback addresses may be called, and the retry schedule. */
  webhooks: { allowPrivateAddresses: boolean; attempts: number; backoffMs: number };
  /** Slow clients: when an upload is cut for stalling or crawling, how many one creator may have open at once (issue 43). */
  uploads: { stallMs: number; minBytesPerSecond: number; paceWindowMs: number; perUser: number };
  /** Node's own limits: request headers must arrive within headersTimeoutMs, checked every connectionsCheckingIntervalMs. */
  http: { headersTimeoutMs: number; connectionsCheckingIntervalMs: number };
  /** "Connect YouTube": null when no Google OAuth client is configured (the creator is told import is not set up). */
  youtube: YoutubeConfig | null;
  /** The AES-256-GCM key of tokens kept at rest (production sets it; elsewhere one is made on first start). */
  tokenEncryptionKey: Buffer;
}

export interface YoutubeConfig {
  clientId: string;
  clientSecret: string;
  /** Google's endpoints: the real ones, or all under the stand-in's base URL (tests only). */
  endpoints: GoogleEndpoints;
}

export interface GoogleEndpoints {
  authorize: string;
  token: string;
  revoke: string;
  /** YouTube Analytics API v2, reports.query. */
  reports: string;
}

/** Google's published endpoints (OAuth 2.0 for web server apps; YouTube Analytics API v2 rootUrl + v2/reports). */
export const GOOGLE_ENDPOINTS: GoogleEndpoints = {
  authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
  token: 'https://oauth2.googleapis.com/token',
  revoke: 'https://oauth2.googleapis.com/revoke',
  reports: 'https://youtubeanalytics.googleapis.com/v2/reports',
};

/** The same paths under another base URL: only the host differs between the tests and production. */
export function googleEndpointsAt(base: string): GoogleEndpoints {
  const root = base.replace(/\/+$/, '');
  return { authorize: `${root}/o/oauth2/v2/auth`, token: `${root}/token`, revoke: `${root}/revoke`, reports: `${root}/v2/reports` };
}

export interface S3Config {
  bucket: string;
  region: string;
  /** null: AWS itself. */
  endpoint: string | null;
  forcePathStyle: boolean;
  /** Frames (and their PDFs) carry the tag preflight-retention=frames, for a lifecycle rule. */
  tagFrames: boolean;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** null: the Creator Pro price is looked up (or created) by its lookup key. */
  priceId: string | null;
  trialDays: number;
  /** The local stand-in's base URL; null for api.stripe.com. */
  apiBase: string | null;
  /** Test keys or the stand-in: the UI says "test mode". */
  testMode: boolean;
}

export const APP_CONFIG = Symbol('APP_CONFIG');

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Validates the environment; throws ConfigError with one line per bad or missing variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
  }
  const env = parsed.data;
  const storageDir = resolve(env.STORAGE_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    logLevel: env.LOG_LEVEL,
    // Machines read production and test logs; a person reads `npm start`'s.
    logFormat: env.LOG_FORMAT ?? (env.NODE_ENV === 'development' ? 'pretty' : 'json'),
    databaseUrl: env.DATABASE_URL,
    redis: { url: env.REDIS_URL, prefix: env.QUEUE_PREFIX },
    storageDir,
    storage:
      env.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            s3: { bucket: env.S3_BUCKET!, region: env.S3_REGION, endpoint: env.S3_ENDPOINT ?? null, forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT), tagFrames: env.S3_TAG_FRAMES },
          }
        : { driver: 'local' },
    clientDistDir: resolve(env.CLIENT_DIST_DIR),
    frameRetentionHours: env.FRAME_RETENTION_HOURS,
    // Production must set it (checked by the schema); elsewhere one is generated on first start and kept beside
    // the storage folder (never inside it, where files are served).
    urlSigningSecret: env.URL_SIGNING_SECRET ?? readOrCreateLocalSecret(join(storageDir, '..', 'url-signing-secret')),
    contactEmail: env.CONTACT_EMAIL,
    firebase: {
      projectId: env.FIREBASE_PROJECT_ID,
      apiKey: env.FIREBASE_API_KEY,
      authDomain: env.FIREBASE_AUTH_DOMAIN ?? `${env.FIREBASE_PROJECT_ID}.firebaseapp.com`,
      authEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST ?? null,
    },
    openai: env.OPENAI_API_KEY ? { apiKey: env.OPENAI_API_KEY, baseUrl: env.OPENAI_BASE_URL ?? null } : null,
    workerConcurrency: env.WORKER_CONCURRENCY ?? defaultWorkerConcurrency(availableParallelism()),
    trustProxy: env.TRUST_PROXY,
    debugRoutes: env.DEBUG_ROUTES ?? env.NODE_ENV !== 'production',
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            priceId: env.STRIPE_PRICE_ID ?? null,
            trialDays: env.STRIPE_TRIAL_DAYS,
            apiBase: env.STRIPE_API_BASE ?? null,
            testMode: Boolean(env.STRIPE_API_BASE) || !env.STRIPE_SECRET_KEY.includes('_live_'),
          }
        : null,
    publicOrigin: publicOriginOf(env),
    metrics: { token: env.METRICS_TOKEN ?? null, workerHost: env.WORKER_METRICS_HOST, workerPort: env.WORKER_METRICS_PORT, apiHost: env.API_METRICS_HOST, apiPort: env.API_METRICS_PORT },
    webhooks: {
      allowPrivateAddresses: env.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES ?? env.NODE_ENV !== 'production',
      attempts: env.WEBHOOK_ATTEMPTS,
      backoffMs: env.WEBHOOK_BACKOFF_MS,
    },
    uploads: { stallMs: env.UPLOAD_STALL_MS, minBytesPerSecond: env.UPLOAD_MIN_BYTES_PER_SECOND, paceWindowMs: env.UPLOAD_PACE_WINDOW_MS, perUser: env.UPLOADS_PER_USER },
    http: { headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS, connectionsCheckingIntervalMs: env.HTTP_CONNECTIONS_CHECK_MS },
    youtube:
      env.GOOGLE_OAUTH_CLIENT_ID && env.GOOGLE_OAUTH_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_OAUTH_CLIENT_ID,
            clientSecret: env.GOOGLE_OAUTH_CLIENT_SECRET,
            endpoints: env.GOOGLE_API_BASE ? googleEndpointsAt(env.GOOGLE_API_BASE) : GOOGLE_ENDPOINTS,
          }
        : null,
    tokenEncryptionKey: tokenEncryptionKey(env, storageDir),
  };
}

/**
 * The key of creators' YouTube tokens. Production must set it when YouTube is configured (checked by the schema);
 * elsewhere, like the URL signing secret, one is made on first start and kept beside the storage folder. Without
 * YouTube no token is sealed or opened, so no file is written: a throwaway key serves (in the images the folder above
 * the storage volume is not writable, and a file there would differ between the API's and the worker's containers).
 */
function tokenEncryptionKey(env: Env, storageDir: string): Buffer {
  if (env.TOKEN_ENCRYPTION_KEY) return tokenKeyBytes(env.TOKEN_ENCRYPTION_KEY)!;
  if (!env.GOOGLE_OAUTH_CLIENT_ID) return randomBytes(32);
  return tokenKeyBytes(readOrCreateLocalSecret(join(storageDir, '..', 'token-encryption-key')))!;
}

/** For entry points: print the problems plainly and exit instead of a stack trace. */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * One analysis keeps about two cores busy (ffmpeg's decode plus the VAD and the engine), so a worker runs one
 * analysis per two cores: 1 on a 2-core machine, 4 on 8 cores. WORKER_CONCURRENCY overrides it.
 */
export function defaultWorkerConcurrency(cores: number): number {
  return Math.max(1, Math.floor(cores / 2));
}
