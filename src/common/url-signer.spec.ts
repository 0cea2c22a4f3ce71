import { loadConfig } from '../config/app-config';
import { UrlSigner } from './url-signer';

describe('UrlSigner', () => {
  const signer = new UrlSigner(loadConfig({}));
  const path = '/reports/abc_data/frames/0001.jpg';

  it('accepts its own signature until it expires', () => {
    const url = new URL(signer.sign(path, 60, 1_000_000), 'http://x');
    const expires = url.searchParams.get('expires');
    const signature = url.searchParams.get('signature');
    expect(signer.isValid(path, expires, signature, 1_000_000)).toBe(true);
    expect(signer.isValid(path, expires, signature, 1_000_000 + 61_000)).toBe(false);
  });

  it('refuses another path, a changed expiry or a forged signature', () => {
    const url = new URL(signer.sign(path, 60), 'http://x');
    const expires = url.searchParams.get('expires');
    const signature = url.searchParams.get('signature');
    expect(signer.isValid('/reports/other_data/frames/0001.jpg', expires, signature)).toBe(false);
    expect(signer.isValid(path, String(Number(expires) + 100), signature)).toBe(false);
    expect(signer.isValid(path, expires, 'x'.repeat(43))).toBe(false);
    expect(signer.isValid(path, expires, undefined)).toBe(false);
  });
});

describe('UrlSigner for a share link', () => {
  const signer = new UrlSigner(loadConfig({}));
  const path = '/reports/abc_data/frames/0001.jpg';

  it('binds the share id into the signature: it cannot be dropped or swapped', () => {
    const url = new URL(signer.sign(path, 60, 1_000_000, 'link-1'), 'http://x');
    const expires = url.searchParams.get('expires');
    const signature = url.searchParams.get('signature');
    expect(url.searchParams.get('link')).toBe('link-1');
    expect(signer.isValid(path, expires, signature, 1_000_000, 'link-1')).toBe(true);
    expect(signer.isValid(path, expires, signature, 1_000_000)).toBe(false);
    expect(signer.isValid(path, expires, signature, 1_000_000, 'link-2')).toBe(false);
  });

  it('does not let an owner URL pass as a share URL', () => {
    const url = new URL(signer.sign(path, 60, 1_000_000), 'http://x');
    expect(signer.isValid(path, url.searchParams.get('expires'), url.searchParams.get('signature'), 1_000_000, 'link-1')).toBe(false);
  });
});
