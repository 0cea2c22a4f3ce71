/** Users and ID tokens from the run's Firebase Auth emulator (the same tokens the browser gets after sign-in). */
const host = () => {
  const value = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!value) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set (jest global setup starts the emulator)');
  return value;
};

export interface TestUser {
  uid: string;
  email: string;
  idToken: string;
}

let counter = 0;

/** Signs a new user up with email and password and returns their ID token. */
export async function createTestUser(displayName = 'Test Creator'): Promise<TestUser> {
  counter += 1;
  const email = `creator${Date.now()}${counter}@example.com`;
  const base = `http://${host()}/identitytoolkit.googleapis.com/v1`;
  const signUp = await fetch(`${base}/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'secret-password', displayName, returnSecureToken: true }),
  });
  if (!signUp.ok) throw new Error(`emulator signUp failed: ${signUp.status} ${await signUp.text()}`);
  const created = (await signUp.json()) as { localId: string; idToken: string };
  // The sign-up token predates the display name; signing in again returns a token that carries it.
  const signIn = await fetch(`${base}/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'secret-password', returnSecureToken: true }),
  });
  const signedIn = (await signIn.json()) as { idToken: string };
  return { uid: created.localId, email, idToken: signedIn.idToken ?? created.idToken };
}

/** An anonymous (guest) account, as Firebase's signInAnonymously makes: a real ID token with no email. */
export async function createAnonymousUser(): Promise<TestUser> {
  const res = await fetch(`http://${host()}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ returnSecureToken: true }),
  });
  if (!res.ok) throw new Error(`emulator anonymous signUp failed: ${res.status} ${await res.text()}`);
  const created = (await res.json()) as { localId: string; idToken: string };
  return { uid: created.localId, email: '', idToken: created.idToken };
}

/** An emulator-style (unsigned) token with chosen claims, to test expiry and audience checks. */
export function forgeEmulatorToken(claims: Record<string, unknown>): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
}

/** Decodes a token's payload (no verification). */
export function tokenClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
}
