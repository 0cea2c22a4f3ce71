import { randomBytes } from 'node:crypto';
import { TokenCipher } from './token-cipher';

describe('TokenCipher (AES-256-GCM, bound to the owner)', () => {
  const cipher = new TokenCipher(randomBytes(32));

  it('opens what it sealed, and the sealed text shows nothing of the token', () => {
    const sealed = cipher.seal('1//refresh-token-of-alice', 'alice');
    expect(sealed).not.toContain('refresh');
    expect(cipher.open(sealed, 'alice')).toBe('1//refresh-token-of-alice');
    expect(cipher.seal('same', 'alice')).not.toBe(cipher.seal('same', 'alice'));
  });

  it('refuses another owner, another key and altered text', () => {
    const sealed = cipher.seal('secret', 'alice');
    expect(() => cipher.open(sealed, 'bob')).toThrow();
    expect(() => new TokenCipher(randomBytes(32)).open(sealed, 'alice')).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => cipher.open(parts.join('.'), 'alice')).toThrow();
    expect(() => new TokenCipher(randomBytes(16))).toThrow(/32 bytes/);
  });
});
