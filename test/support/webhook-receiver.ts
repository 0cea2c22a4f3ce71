import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/**
 * A webhook receiver as docs/api.md, "Webhooks", tells integrators to write: the raw body and the webhook-id,
 * webhook-timestamp and webhook-signature headers go to the `standardwebhooks` library with the endpoint's whsec_
 * secret (it refuses a timestamp more than 5 minutes away), then the event is deduplicated by its id. Nothing here
 * imports the product's code.
 */
export function verifyStandardWebhook(secret: string, rawBody: string, headers: IncomingMessage['headers']): boolean {
  try {
    new Webhook(secret).verify(rawBody, headers as Record<string, string>);
    return true;
  } catch {
    return false; // a WebhookVerificationError, or a secret that is not base64 at all
  }
}

/**
 * The deprecated Preflight-Signature header (kept for one release), as docs/api.md describes it: split it into t and
 * its v1 values, compute HMAC-SHA256 of "<t>.<raw body>" keyed with the secret's text, compare each in constant time,
 * refuse a t more than 5 minutes away.
 */
export function verifyPreflightSignature(secret: string, rawBody: string, header: string | undefined, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  if (!header) return false;
  const parts = header.split(',').map((part) => part.split('=', 2) as [string, string]);
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  return parts.some(([k, v]) => k === 'v1' && /^[0-9a-f]{64}$/.test(v) && timingSafeEqual(expected, Buffer.from(v, 'hex')));
}

export interface ReceivedEvent {
  id: string;
  type: string;
  created: number;
  data: Record<string, unknown>;
  /** Verified by the standardwebhooks library with the receiver's secret. */
  verified: boolean;
  /** The deprecated Preflight-Signature header verified with the same secret. */
  legacyVerified: boolean;
  raw: string;
  headers: IncomingMessage['headers'];
}

/** What the receiver answers to the n-th request (1-based): a status, optionally after a delay or with headers. */
export type Answer = (n: number, event: ReceivedEvent) => { status: number; body?: string; headers?: Record<string, string> } | 'hang';

export class WebhookReceiver {
  readonly received: ReceivedEvent[] = [];
  /** Event ids already handled: a redelivery is acknowledged and not processed again. */
  readonly handled = new Set<string>();
  secret = '';
  private server: Server | null = null;
  private waiters: (() => void)[] = [];

  constructor(private answer: Answer = () => ({ status: 200, body: 'ok' })) {}

  answerWith(answer: Answer): void {
    this.answer = answer;
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/preflight-hook`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Resolves when an event matching `match` has arrived (checked on every arrival, no sleeping). */
  async waitFor(match: (e: ReceivedEvent) => boolean, timeoutMs = 60_000): Promise<ReceivedEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching webhook within ${timeoutMs} ms; received: ${JSON.stringify(this.received.map((e) => e.type))}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, Math.max(0, deadline - Date.now()) + 10);
      });
    }
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const header = req.headers['preflight-signature'];
    const verified = verifyStandardWebhook(this.secret, raw, req.headers);
    const legacyVerified = verifyPreflightSignature(this.secret, raw, Array.isArray(header) ? header[0] : header);
    const parsed = JSON.parse(raw) as Omit<ReceivedEvent, 'verified' | 'legacyVerified' | 'raw' | 'headers'>;
    const event: ReceivedEvent = { ...parsed, verified, legacyVerified, raw, headers: req.headers };
    this.received.push(event);
    const answer = verified ? this.answer(this.received.length, event) : { status: 400, body: 'bad signature' };
    if (answer !== 'hang') {
      if (answer.status < 300) this.handled.add(event.id);
      res.writeHead(answer.status, { 'Content-Type': 'text/plain', ...answer.headers });
      res.end(answer.body ?? '');
    }
    for (const wake of this.waiters.splice(0)) wake();
  }
}
