import { z } from 'zod';
import { publicUrlProblem } from './public-origin';

/** AUTH_EMULATOR_IN_PRODUCTION's one value: production that accepts the Auth emulator's unsigned tokens (smoke test). */
export const AUTH_EMULATOR_OPT_IN = 'accept-unsigned-tokens';

/** The emulator's key: fine in development, a sign of a missing setting in production. */
const DEMO_FIREBASE_API_KEY = 'demo-api-key';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

/** Creator Pro's free trial unless STRIPE_TRIAL_DAYS says otherwise. */
export const DEFAULT_TRIAL_DAYS = 14;

/**
 * Every environment variable the product reads, with its default. The table in docs/operations.md mirrors this file.
 * Defaults make `npm start` work on a fresh machine; production must set the ones marked required there.
 */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** pretty: one readable line per event (the default in development); json: one JSON object per line. */
    LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).default('postgres://postgres@127.0.0.1:5432/preflight'),
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).default('redis://127.0.0.1:6379'),
    QUEUE_PREFIX: z.string().regex(/^[\w.-]+$/, 'letters, digits, dot, dash or underscore only').default('preflight'),
    STORAGE_DIR: z.string().min(1).default('.data/storage'),
    /** local: files under STORAGE_DIR (API and worker share the disk); s3: an S3-compatible bucket (S3_BUCKET). */
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 lower-case letters, digits, dots, dashes)').optional(),
    /** Another S3-compatible service (MinIO, Ceph, R2…); unset: AWS. */
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    S3_REGION: z.string().regex(/^[a-z0-9-]+$/, 'must be a region name such as eu-west-1').default('us-east-1'),
    /** true: http://host/bucket/key addressing, which most self-hosted stores need. */
    S3_FORCE_PATH_STYLE: bool.optional(),
    /** Tag frames `preflight-retention=frames`, so a bucket lifecycle rule can expire them (off for stores without object tags). */
    S3_TAG_FRAMES: bool.default(true),
    CLIENT_DIST_DIR: z.string().min(1).default('client/dist'),
    FRAME_RETENTION_HOURS: z.coerce.number().positive().default(48),
    URL_SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    CONTACT_EMAIL: z.email().default('hello@preflight.video'),
    FIREBASE_PROJECT_ID: z.string().min(1).default('demo-preflight'),
    FIREBASE_API_KEY: z.string().min(1).default(DEMO_FIREBASE_API_KEY),
    FIREBASE_AUTH_DOMAIN: z.string().min(1).optional(),
    FIREBASE_AUTH_EMULATOR_HOST: z
      .string()
      .regex(/^[\w.-]+:\d+$/, 'must be host:port, e.g. 127.0.0.1:9099')
      .optional(),
    /**
     * Production with the Auth emulator, for the container smoke test only (docker/compose.smoke.yml): every other
     * production rule holds. The one value names what it does.
     */
    AUTH_EMULATOR_IN_PRODUCTION: z.literal(AUTH_EMULATOR_OPT_IN, { error: `must be "${AUTH_EMULATOR_OPT_IN}" (or unset)` }).optional(),
    OPENAI_API_KEY: z.string().min(1).optional(),
    OPENAI_BASE_URL: z.url().optional(),
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    // A hop count, never addresses or "loopback": the API reads the client's address (per-IP rate limits) from the
    // X-Forwarded-For entry this many proxies back, and nothing else of a forwarded header. 0: no proxy in front, every
    // X-Forwarded-* header is ignored; "true" (trust every sender) would let a client name any address.
    TRUST_PROXY: z
      .string()
      .regex(/^\d{1,2}$/, 'must be a hop count: the number of reverse proxies or load balancers in front of the API (0: none)')
      .transform(Number)
      .default(0),
    DEBUG_ROUTES: bool.optional(),
    STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)').optional(),
    STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, 'must be a webhook signing secret (whsec_…)').optional(),
    STRIPE_PRICE_ID: z.string().regex(/^price_\w+$/, 'must be a Stripe price id (price_…)').optional(),
    STRIPE_TRIAL_DAYS: z.coerce.number().int().min(0).max(730).default(DEFAULT_TRIAL_DAYS),
    STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
    /** The app's public origin (https://host[:port]): every absolute URL the product writes is built on it. */
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, message: 'must be an http(s) origin, e.g. https://preflight.example.com' })
      .superRefine((value, ctx) => {
        const problem = publicUrlProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
    WORKER_METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    /** Creators' webhooks may point at private and loopback addresses (default: yes outside production). */
    WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: bool.optional(),
    /** Delivery attempts of one webhook event and the first retry's delay (doubling after): 12 from 42 s span 24 h. */
    WEBHOOK_ATTEMPTS: z.coerce.number().int().min(1).max(30).default(12),
    WEBHOOK_BACKOFF_MS: z.coerce.number().int().min(10).default(42_000),
    /**
     * Slow clients (issue 43). An upload is cut (408) when no byte arrives for UPLOAD_STALL_MS, or when fewer than
     * UPLOAD_MIN_BYTES_PER_SECOND arrive on average over UPLOAD_PACE_WINDOW_MS; a creator has at most UPLOADS_PER_USER
     * uploads open at once (429 beyond). Request headers must arrive within HTTP_HEADERS_TIMEOUT_MS, checked every
     * HTTP_CONNECTIONS_CHECK_MS (Node's default check, every 30 s, let a 10 s limit answer after 39 s).
     */
    UPLOAD_STALL_MS: z.coerce.number().int().min(100).default(30_000),
    UPLOAD_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(0).default(16_000),
    UPLOAD_PACE_WINDOW_MS: z.coerce.number().int().min(100).default(60_000),
    UPLOADS_PER_USER: z.coerce.number().int().min(1).max(100).default(5),
    HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    HTTP_CONNECTIONS_CHECK_MS: z.coerce.number().int().min(50).max(30_000).default(1_000),
    // The API's metrics have their own port too: on the API's port, a reverse proxy on the same machine made every
    // visitor look local (issue 29).
    API_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9465),
    API_METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    /** A Google OAuth client (web application) of a project with the YouTube Analytics API enabled: "Connect YouTube". */
    GOOGLE_OAUTH_CLIENT_ID: z.string().regex(/^[\w.-]+$/, 'must be a Google OAuth client id (….apps.googleusercontent.com)').optional(),
    GOOGLE_OAUTH_CLIENT_SECRET: z.string().min(1).optional(),
    /** Another base URL for Google's OAuth and YouTube Analytics endpoints: the tests' local stand-in. */
    GOOGLE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
    /** 32 bytes, base64 or hex: the AES-256-GCM key of creators' YouTube tokens at rest. */
    TOKEN_ENCRYPTION_KEY: z
      .string()
      .refine((v) => tokenKeyBytes(v) !== null, 'must be 32 bytes as base64 (44 characters) or hex (64 characters); make one with `openssl rand -base64 32`')
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required with STORAGE_DRIVER=s3' });
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'is required with STRIPE_SECRET_KEY (webhooks are verified with it)' });
    }
    if (Boolean(env.GOOGLE_OAUTH_CLIENT_ID) !== Boolean(env.GOOGLE_OAUTH_CLIENT_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['GOOGLE_OAUTH_CLIENT_SECRET'], message: 'GOOGLE_OAUTH_CLIENT_ID and GOOGLE_OAUTH_CLIENT_SECRET go together' });
    }
    if (env.NODE_ENV !== 'production') return;
    if (env.GOOGLE_API_BASE) {
      ctx.addIssue({ code: 'custom', path: ['GOOGLE_API_BASE'], message: 'must not be set in production: it points YouTube import at a local stand-in' });
    }
    if (env.GOOGLE_OAUTH_CLIENT_ID && !env.TOKEN_ENCRYPTION_KEY) {
      ctx.addIssue({ code: 'custom', path: ['TOKEN_ENCRYPTION_KEY'], message: 'is required in production with GOOGLE_OAUTH_CLIENT_ID (creators\' YouTube tokens are encrypted with it)' });
    }
    if (env.STRIPE_API_BASE) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_API_BASE'], message: 'must not be set in production: it points billing at a local Stripe stand-in' });
    }
    if (env.FIREBASE_AUTH_EMULATOR_HOST && env.AUTH_EMULATOR_IN_PRODUCTION !== AUTH_EMULATOR_OPT_IN) {
      ctx.addIssue({
        code: 'custom',
        path: ['FIREBASE_AUTH_EMULATOR_HOST'],
        message: 'must not be set in production: it makes the server accept unsigned emulator tokens',
      });
    }
    if (!env.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: "is required in production: the app's public origin (e.g. https://preflight.example.com), on which Google's and Stripe's return URLs are built",
      });
    }
    if (!env.URL_SIGNING_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['URL_SIGNING_SECRET'], message: 'is required in production' });
    }
    if (env.FIREBASE_API_KEY === DEMO_FIREBASE_API_KEY) {
      ctx.addIssue({ code: 'custom', path: ['FIREBASE_API_KEY'], message: 'is the development default: set the web API key of your Firebase project' });
    }
    if (env.FIREBASE_PROJECT_ID.startsWith('demo-')) {
      ctx.addIssue({ code: 'custom', path: ['FIREBASE_PROJECT_ID'], message: 'must name a real Firebase project in production' });
    }
  });

export type Env = z.infer<typeof envSchema>;

/** TOKEN_ENCRYPTION_KEY's 32 bytes (base64, base64url or hex), or null when it is not such a key. */
export function tokenKeyBytes(value: string): Buffer | null {
  const bytes = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : /^[\w+/-]{43}=?$/.test(value) ? Buffer.from(value, 'base64') : null;
  return bytes?.length === 32 ? bytes : null;
}
