/**
 * Sign-in against the Firebase Auth emulator without Google: the emulator accepts an unsigned JSON "id_token" for
 * google.com (its own sign-in page does exactly this), so the app can offer its accounts in its own dialog and sign
 * in with nothing fetched from outside. Only ever used when the server names an emulator (PublicConfig.authEmulatorUrl);
 * production signs in with Google's popup.
 */

/** A Google account as the emulator knows it (or a new one made up here). */
export interface EmulatorAccount {
  /** Google's user id (the id_token's `sub`): the same sub signs the same user in again. */
  sub: string;
  email: string;
  displayName: string;
}

/** The fake id_token the emulator accepts for google.com. */
export function emulatorIdToken(account: EmulatorAccount): string {
  return JSON.stringify({ sub: account.sub, email: account.email, email_verified: true, name: account.displayName });
}

const ADJECTIVES = ['Bright', 'Calm', 'Lucky', 'Swift', 'Bold', 'Sunny', 'Clever', 'Brave'];
const ANIMALS = ['Otter', 'Falcon', 'Panda', 'Fox', 'Heron', 'Lynx', 'Koala', 'Robin'];

/** A new test account with a readable generated name, as the emulator's own "Auto-generate user information" does. */
export function newEmulatorAccount(random: () => number = Math.random): EmulatorAccount {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const name = `${pick(ADJECTIVES)} ${pick(ANIMALS)}`;
  const sub = String(Math.floor(random() * 1e12)).padStart(12, '0');
  return { sub, displayName: name, email: `${name.toLowerCase().replace(' ', '.')}.${sub.slice(-4)}@example.com` };
}

interface QueryUserInfoResponse {
  userInfo?: Array<{
    email?: string;
    displayName?: string;
    providerUserInfo?: Array<{ providerId?: string; rawId?: string; email?: string; displayName?: string }>;
  }>;
}

/**
 * The emulator's Google accounts, newest first: its admin REST API (accounts:query, which the emulator opens to the
 * "owner" bearer) on the emulator itself, so no request leaves the machine.
 */
export async function listEmulatorAccounts(emulatorUrl: string, projectId: string, signal?: AbortSignal): Promise<EmulatorAccount[]> {
  const response = await fetch(`${emulatorUrl}/identitytoolkit.googleapis.com/v1/projects/${encodeURIComponent(projectId)}/accounts:query`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({ returnUserInfo: true }),
    signal,
  });
  if (!response.ok) throw new Error(`The Auth emulator answered ${response.status}`);
  const { userInfo = [] } = (await response.json()) as QueryUserInfoResponse;
  const accounts: EmulatorAccount[] = [];
  for (const user of userInfo) {
    const google = user.providerUserInfo?.find((info) => info.providerId === 'google.com');
    if (!google?.rawId) continue;
    const email = google.email ?? user.email ?? '';
    accounts.push({ sub: google.rawId, email, displayName: google.displayName ?? user.displayName ?? email });
  }
  return accounts.reverse();
}
