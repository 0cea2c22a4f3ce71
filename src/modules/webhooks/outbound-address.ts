import { BlockList, isIP } from 'node:net';

/** Addresses a webhook may not reach unless allowed: this machine, private networks, link-local, and the unroutable. */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv6');
}

/** True for loopback, private, link-local, multicast and reserved addresses (IPv4-mapped IPv6 by its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family === 6) return PRIVATE.check(address, 'ipv6');
  return true; // not an address at all: refuse
}

export const ONLY_HTTP = 'The URL must start with http:// or https://';
export const PRIVATE_REFUSED = 'The URL points to a private or loopback address, which webhooks may not call';

export const LINE_BREAK_REFUSED = 'url must not contain a line break (CR or LF)';
export const BIDI_REFUSED = 'url must not contain bidirectional control characters (U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069)';
export const EMPTY_PORT_REFUSED = 'url must not have an empty port (a colon after the host with no number)';

/** Text the URL parser would quietly drop or the page would show reordered: refused on the raw string. */
const LINE_BREAK = /[\r\n]/;
const BIDI_CONTROL = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/** scheme://authority where the authority ends in ":" (WHATWG URL takes "https://host:/x" as the default port). */
const EMPTY_PORT = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*:(?:[/?#]|$)/i;

/**
 * Why a webhook URL is refused as written (before any DNS lookup), or null. The raw text is checked first: the URL
 * parser strips CR and LF and accepts an empty port, so the URL stored and shown would not be the one sent.
 */
export function refuseUrl(raw: string, allowPrivate: boolean): string | null {
  if (LINE_BREAK.test(raw)) return LINE_BREAK_REFUSED;
  if (BIDI_CONTROL.test(raw)) return BIDI_REFUSED;
  if (EMPTY_PORT.test(raw)) return EMPTY_PORT_REFUSED;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'The URL is not valid';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return ONLY_HTTP;
  if (url.username || url.password) return 'The URL must not contain a user name or password';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && (isIP(host) ? isPrivateAddress(host) : host === 'localhost' || host.endsWith('.localhost'))) return PRIVATE_REFUSED;
  return null;
}
