import { API_KEY_PATTERN, hashApiKey, looksLikeApiKey, newApiKey } from './api-key-secret';

describe('API key secrets', () => {
  it('makes pf_live_ keys of 32 base-62 characters (≥ 128 bits), a 14-character prefix and the SHA-256 of the key', () => {
    const { key, prefix, hash } = newApiKey();
    expect(key).toMatch(API_KEY_PATTERN);
    expect(32 * Math.log2(62)).toBeGreaterThanOrEqual(128);
    expect(prefix).toBe(key.slice(0, 14));
    expect(hash).toBe(hashApiKey(key));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(looksLikeApiKey(key)).toBe(true);
    expect(looksLikeApiKey('eyJhbGciOiJub25lIn0.e30.')).toBe(false);
  });

  it('never repeats a key and uses every character about equally', () => {
    const keys = Array.from({ length: 2000 }, () => newApiKey().key);
    expect(new Set(keys).size).toBe(keys.length);
    const counts = new Map<string, number>();
    for (const key of keys) for (const c of key.slice(8)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(62);
    const expected = (2000 * 32) / 62; // ≈ 1032 each
    for (const n of counts.values()) expect(Math.abs(n - expected)).toBeLessThan(expected * 0.2);
  });
});
