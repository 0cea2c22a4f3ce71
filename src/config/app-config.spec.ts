import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, defaultWorkerConcurrency, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('gives working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/preflight');
    expect(config.firebase.authDomain).toBe('demo-preflight.firebaseapp.com');
    expect(config.openai).toBeNull();
    expect(config.debugRoutes).toBe(true);
  });

  it('logs readable lines in development and JSON elsewhere, unless LOG_FORMAT says otherwise', () => {
    expect(loadConfig({}).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'test' }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'test', LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
  });

  it('reports one line per bad or missing variable', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', FIREBASE_AUTH_EMULATOR_HOST: 'nohost' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(3);
    expect(problems.some((p) => p.startsWith('PORT:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('DATABASE_URL:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('FIREBASE_AUTH_EMULATOR_HOST:'))).toBe(true);
  });

  it('refuses production with an auth emulator or without secrets', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        FIREBASE_PROJECT_ID: 'real-project',
        PUBLIC_URL: 'https://preflight.example.com',
        URL_SIGNING_SECRET: 'x'.repeat(40),
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      }),
    ).toThrow(/FIREBASE_AUTH_EMULATOR_HOST: must not be set in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'real-project' })).toThrow(
      /URL_SIGNING_SECRET: is required in production/,
    );
  });

  it('accepts the auth emulator in production only when AUTH_EMULATOR_IN_PRODUCTION names it (the container smoke test)', () => {
    const smoke = {
      NODE_ENV: 'production',
      FIREBASE_PROJECT_ID: 'preflight-smoke',
      FIREBASE_API_KEY: 'smoke-key',
      PUBLIC_URL: 'http://localhost:3000',
      URL_SIGNING_SECRET: 'x'.repeat(40),
      FIREBASE_AUTH_EMULATOR_HOST: 'auth-emulator:9099',
    };
    expect(loadConfig({ ...smoke, AUTH_EMULATOR_IN_PRODUCTION: 'accept-unsigned-tokens' }).firebase.authEmulatorHost).toBe('auth-emulator:9099');
    expect(() => loadConfig({ ...smoke, AUTH_EMULATOR_IN_PRODUCTION: 'true' })).toThrow(/AUTH_EMULATOR_IN_PRODUCTION: must be "accept-unsigned-tokens"/);
    expect(() => loadConfig(smoke)).toThrow(/FIREBASE_AUTH_EMULATOR_HOST: must not be set in production/);
    // The other production rules still hold.
    expect(() => loadConfig({ ...smoke, AUTH_EMULATOR_IN_PRODUCTION: 'accept-unsigned-tokens', URL_SIGNING_SECRET: undefined })).toThrow(
      /URL_SIGNING_SECRET: is required in production/,
    );
  });

  it('turns debug routes off in production', () => {
    const config = loadConfig({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'p', FIREBASE_API_KEY: 'k', URL_SIGNING_SECRET: 'y'.repeat(32), PUBLIC_URL: 'https://preflight.example.com' });
    expect(config.debugRoutes).toBe(false);
  });

  it('turns billing on with a secret key and its webhook secret; the stand-in and test keys are test mode', () => {
    expect(loadConfig({}).stripe).toBeNull();
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY/);
    const live = loadConfig({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_PRICE_ID: 'price_1' }).stripe;
    expect(live).toEqual({ secretKey: 'sk_live_abc', webhookSecret: 'whsec_x', priceId: 'price_1', trialDays: 14, apiBase: null, testMode: false });
    const standIn = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_a', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: 'http://127.0.0.1:12111', STRIPE_TRIAL_DAYS: '7' }).stripe;
    expect(standIn).toMatchObject({ testMode: true, trialDays: 7, apiBase: 'http://127.0.0.1:12111', priceId: null });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'p', URL_SIGNING_SECRET: 'y'.repeat(32), STRIPE_API_BASE: 'http://127.0.0.1:1' }),
    ).toThrow(/STRIPE_API_BASE: must not be set in production/);
  });

  it('refuses production on the development Firebase key, naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'p', URL_SIGNING_SECRET: 'y'.repeat(32) })).toThrow(
      /FIREBASE_API_KEY: is the development default/,
    );
  });

  it('outside production, generates a URL-signing secret on first start and keeps it (no secret in the source)', () => {
    const data = mkdtempSync(join(tmpdir(), 'preflight-config-'));
    try {
      const first = loadConfig({ STORAGE_DIR: join(data, 'storage') });
      expect(first.urlSigningSecret.length).toBeGreaterThanOrEqual(32);
      expect(readFileSync(join(data, 'url-signing-secret'), 'utf8').trim()).toBe(first.urlSigningSecret);
      expect(loadConfig({ STORAGE_DIR: join(data, 'storage') }).urlSigningSecret).toBe(first.urlSigningSecret);
      const other = mkdtempSync(join(tmpdir(), 'preflight-config-'));
      expect(loadConfig({ STORAGE_DIR: join(other, 'storage') }).urlSigningSecret).not.toBe(first.urlSigningSecret);
      rmSync(other, { recursive: true, force: true });
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  });

  it('writes the YouTube token key file only when YouTube is configured (a container cannot write beside its storage volume)', () => {
    const data = mkdtempSync(join(tmpdir(), 'preflight-config-'));
    try {
      const withoutYouTube = loadConfig({ STORAGE_DIR: join(data, 'storage') });
      expect(withoutYouTube.tokenEncryptionKey).toHaveLength(32);
      expect(existsSync(join(data, 'token-encryption-key'))).toBe(false);
      const google = { GOOGLE_OAUTH_CLIENT_ID: 'id.apps.googleusercontent.com', GOOGLE_OAUTH_CLIENT_SECRET: 'secret' };
      const first = loadConfig({ STORAGE_DIR: join(data, 'storage'), ...google });
      expect(existsSync(join(data, 'token-encryption-key'))).toBe(true);
      expect(loadConfig({ STORAGE_DIR: join(data, 'storage'), ...google }).tokenEncryptionKey.equals(first.tokenEncryptionKey)).toBe(true);
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  });
  it('sizes worker concurrency to the machine (one analysis per two cores), overridable', () => {
    expect([1, 2, 3, 8, 16].map(defaultWorkerConcurrency)).toEqual([1, 1, 1, 4, 8]);
    expect(loadConfig({ WORKER_CONCURRENCY: '3' }).workerConcurrency).toBe(3);
    expect(() => loadConfig({ WORKER_CONCURRENCY: '0' })).toThrow(/WORKER_CONCURRENCY/);
  });

  it('trusts no proxy by default; TRUST_PROXY is a hop count, never addresses, "loopback" or everyone', () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    for (const refused of ['loopback', 'true', 'loopback, 10.0.0.0/8', '10.0.0.1; drop', '-1', '1.5', '']) {
      expect(() => loadConfig({ TRUST_PROXY: refused })).toThrow(/TRUST_PROXY: must be a hop count/);
    }
  });

  it('builds absolute URLs on PUBLIC_URL, else the local address outside production; production requires it, naming it', () => {
    expect(loadConfig({}).publicOrigin).toBe('http://localhost:3000');
    expect(loadConfig({ NODE_ENV: 'test', PORT: '4123' }).publicOrigin).toBe('http://localhost:4123');
    expect(loadConfig({ PUBLIC_URL: 'https://preflight.example.com/' }).publicOrigin).toBe('https://preflight.example.com');
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:8080' }).publicOrigin).toBe('http://127.0.0.1:8080');
    const production = { NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'p', FIREBASE_API_KEY: 'k', URL_SIGNING_SECRET: 'y'.repeat(32) };
    expect(() => loadConfig(production)).toThrow(/PUBLIC_URL: is required in production/);
    expect(loadConfig({ ...production, PUBLIC_URL: 'https://preflight.example.com' }).publicOrigin).toBe('https://preflight.example.com');
    for (const refused of ['javascript://x', 'ftp://example.com', 'example.com', 'https://a@example.com', 'https://example.com/app', 'https://example.com/?x=1', 'https://example.com/#']) {
      expect(() => loadConfig({ PUBLIC_URL: refused })).toThrow(/PUBLIC_URL: /);
    }
  });

  it('keeps files on local disk by default; S3 needs a bucket, and a custom endpoint means path-style addressing', () => {
    expect(loadConfig({}).storage).toEqual({ driver: 'local' });
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET: is required with STORAGE_DRIVER=s3/);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER/);
    expect(loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'preflight-media' }).storage).toEqual({
      driver: 's3',
      s3: { bucket: 'preflight-media', region: 'us-east-1', endpoint: null, forcePathStyle: false, tagFrames: true },
    });
    const minio = loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'eu-west-1' });
    expect(minio.storage).toEqual({ driver: 's3', s3: { bucket: 'media', region: 'eu-west-1', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true, tagFrames: true } });
    expect(loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'media', S3_TAG_FRAMES: 'false' }).storage).toMatchObject({ s3: { tagFrames: false } });
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
  });
});
