import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Format of a sealed token: version, 12-byte IV, 16-byte tag and ciphertext, each base64url, joined by dots. */
const VERSION = 'v1';

/**
 * Creators' Google tokens at rest: AES-256-GCM with the installation's key (TOKEN_ENCRYPTION_KEY), bound to the row's
 * owner as associated data, so a sealed token copied onto another creator's row does not open.
 */
export class TokenCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('The token key must be 32 bytes (AES-256).');
  }

  seal(plain: string, owner: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(owner));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  /** Throws when the text was not sealed with this key for this owner (or was altered). */
  open(sealed: string, owner: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Not a sealed token.');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(owner));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
