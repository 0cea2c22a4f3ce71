import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('gives working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/preflight');
    expect(config.firebase.authDomain).toBe('demo-preflight.firebaseapp.com');
    expect(config.openai).toBeNull();
    expect(config.debugRoutes).toBe(true);
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
        URL_SIGNING_SECRET: 'x'.repeat(40),
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      }),
    ).toThrow(/FIREBASE_AUTH_EMULATOR_HOST: must not be set in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'real-project' })).toThrow(
      /URL_SIGNING_SECRET: is required in production/,
    );
  });

  it('turns debug routes off in production', () => {
    const config = loadConfig({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'p', URL_SIGNING_SECRET: 'y'.repeat(32) });
    expect(config.debugRoutes).toBe(false);
  });
});
