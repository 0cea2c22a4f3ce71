import { loadConfig } from '../../config/app-config';
import { InvalidTokenError, isUnsigned, TokenVerifier } from './token-verifier';

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = Math.floor(Date.now() / 1000);
const unsigned = (projectId: string) =>
  `${encode({ alg: 'none', typ: 'JWT' })}.${encode({
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    sub: 'attacker',
    user_id: 'attacker',
    iat: now,
    auth_time: now,
    exp: now + 3600,
  })}.`;

describe('TokenVerifier', () => {
  const leaked = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  afterEach(() => {
    if (leaked === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    else process.env.FIREBASE_AUTH_EMULATOR_HOST = leaked;
  });

  it('refuses an unsigned (alg: none) token when no emulator is configured, even if the variable leaked into the environment', async () => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:1';
    const config = loadConfig({ FIREBASE_PROJECT_ID: 'real-project', URL_SIGNING_SECRET: 'z'.repeat(32) });
    const verifier = new TokenVerifier(config);
    await expect(verifier.verify(unsigned('real-project'))).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('tells unsigned tokens from signed ones', () => {
    expect(isUnsigned(unsigned('p'))).toBe(true);
    expect(isUnsigned(`${encode({ alg: 'RS256', kid: 'k' })}.${encode({})}.sig`)).toBe(false);
    expect(isUnsigned('garbage')).toBe(true);
  });
});
