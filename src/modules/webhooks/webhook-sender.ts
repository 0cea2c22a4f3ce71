import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPrivateAddress, PRIVATE_REFUSED, refuseUrl } from './outbound-address';
import { signatureHeaders } from './webhook-signature';

/** A receiver has this long to answer; slower counts as a failed attempt (and is retried). */
export const WEBHOOK_TIMEOUT_MS = 5_000;
/** Of an answer, only this much is read and kept. */
export const ANSWER_EXCERPT_BYTES = 1024;

export type SendResult =
  | { kind: 'answered'; status: number; excerpt: string }
  | { kind: 'refused'; reason: string } // never retried: the address is not allowed
  | { kind: 'error'; reason: string };

/**
 * Resolves the host and refuses it when any of its addresses is private, at connection time: checking before the
 * request and connecting later would let DNS answer differently the second time (rebinding).
 */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = !allowPrivate && addresses.some((a) => isPrivateAddress(a.address));
      if (refused) return callback(Object.assign(new Error(PRIVATE_REFUSED), { code: 'EPRIVATE' }), '', 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** What signs a delivery: the event id (webhook-id) and the endpoint's signing secrets, current first. */
export interface Signing {
  id: string;
  secrets: string[];
}

/**
 * POSTs one signed event (Standard Webhooks headers, and the deprecated Preflight-Signature). No redirect is followed (a 3xx is an answer like any other, so a receiver cannot send us
 * to another host), the whole exchange has a deadline, and only the first 1 KB of the answer is read.
 */
export function sendWebhook(url: string, signing: Signing, body: string, options: { allowPrivate: boolean; now?: Date }): Promise<SendResult> {
  const refusal = refuseUrl(url, options.allowPrivate);
  if (refusal) return Promise.resolve({ kind: 'refused', reason: refusal });
  const target = new URL(url);
  const timestamp = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      req.destroy();
      resolve(result);
    };
    const req = request(
      target,
      {
        method: 'POST',
        lookup: guardedLookup(options.allowPrivate),
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          'User-Agent': 'Preflight-Webhooks/1.0',
          ...signatureHeaders(signing.secrets, signing.id, body, timestamp),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => finish({ kind: 'answered', status: res.statusCode ?? 0, excerpt: Buffer.concat(chunks).subarray(0, ANSWER_EXCERPT_BYTES).toString('utf8') });
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= ANSWER_EXCERPT_BYTES) done();
        });
        res.on('end', done);
        res.on('error', done);
      },
    );
    const deadline = setTimeout(() => finish({ kind: 'error', reason: `no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s` }), WEBHOOK_TIMEOUT_MS);
    req.on('error', (error: NodeJS.ErrnoException) => {
      finish(error.code === 'EPRIVATE' ? { kind: 'refused', reason: PRIVATE_REFUSED } : { kind: 'error', reason: error.message || error.code || 'connection failed' });
    });
    req.end(body);
  });
}
