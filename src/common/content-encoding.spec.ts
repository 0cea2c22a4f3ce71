import { pickEncoding } from './content-encoding';

describe('pickEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['identity', null],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['BR', 'br'],
    ['gzip;q=0', null],
  ])('Accept-Encoding %p → %p', (header, expected) => {
    expect(pickEncoding(header)?.encoding ?? null).toBe(expected);
  });

  it('only offers the copies that exist', () => {
    expect(pickEncoding('br, gzip', [{ encoding: 'gzip', suffix: '.gz' }])?.encoding).toBe('gzip');
    expect(pickEncoding('br', [{ encoding: 'gzip', suffix: '.gz' }])).toBeNull();
  });
});
