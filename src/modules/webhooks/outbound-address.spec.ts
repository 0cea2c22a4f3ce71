import { BIDI_REFUSED, EMPTY_PORT_REFUSED, isPrivateAddress, LINE_BREAK_REFUSED, ONLY_HTTP, PRIVATE_REFUSED, refuseUrl } from './outbound-address';

describe('webhook outbound addresses', () => {
  it('tells private, loopback, link-local and mapped addresses from public ones', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1']) {
      expect([a, isPrivateAddress(a)]).toEqual([a, true]);
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect([a, isPrivateAddress(a)]).toEqual([a, false]);
  });

  it('refuses other schemes, credentials and literal private hosts unless allowed', () => {
    expect(refuseUrl('ftp://example.com/x', true)).toBe(ONLY_HTTP);
    expect(refuseUrl('file:///etc/passwd', true)).toBe(ONLY_HTTP);
    expect(refuseUrl('https://user:pw@example.com/', true)).toMatch(/user name/);
    expect(refuseUrl('http://127.0.0.1:8080/hook', false)).toBe(PRIVATE_REFUSED);
    expect(refuseUrl('http://[::1]/hook', false)).toBe(PRIVATE_REFUSED);
    expect(refuseUrl('http://localhost/hook', false)).toBe(PRIVATE_REFUSED);
    expect(refuseUrl('http://127.0.0.1:8080/hook', true)).toBeNull();
    expect(refuseUrl('https://hooks.example.com/preflight', false)).toBeNull();
  });

  it('refuses raw CR or LF, bidirectional controls and an empty port, which the URL parser would quietly accept', () => {
    for (const url of ['https://hooks.example.com/a\r\nX-Injected: 1', 'https://hooks.example.com/\n', 'https://hooks.exa\rmple.com/']) expect(refuseUrl(url, true)).toBe(LINE_BREAK_REFUSED);
    for (const url of ['https://hooks.example.com/\u202eexe.txt', 'https://\u2066evil\u2069.example.com/', 'https://a.example.com/\u200f']) expect(refuseUrl(url, true)).toBe(BIDI_REFUSED);
    for (const url of ['https://hooks.example.com:/x', 'https://hooks.example.com:', 'http://[2606:4700::1]:/x', 'https://hooks.example.com:?q']) expect(refuseUrl(url, true)).toBe(EMPTY_PORT_REFUSED);
    // Colons elsewhere are fine: a port, an IPv6 host, a path or query.
    for (const url of ['https://hooks.example.com:8443/x', 'http://[2606:4700::1]/x', 'https://hooks.example.com/a:b?c=d:e']) expect(refuseUrl(url, true)).toBeNull();
  });
});
