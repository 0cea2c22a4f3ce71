/**
 * For integrators (docs/api.md, "Webhooks"): a complete Preflight webhook receiver, verifying each delivery the
 * Standard Webhooks way with the `standardwebhooks` library (npm install standardwebhooks; the same library exists for
 * Python, Go, Ruby, PHP, Java, Rust, C#…).
 *
 *   PREFLIGHT_WEBHOOK_SECRET=whsec_… PORT=8787 node --import @swc-node/register/esm-register examples/webhook-receiver.ts
 *
 * Add http(s)://<this machine>:8787/ on Settings › Webhooks and put the secret it shows here. While a secret is being
 * rotated, set PREFLIGHT_WEBHOOK_SECRET to the new one: Preflight signs with both for 24 hours, so nothing is lost.
 * Prints one JSON line per new verified event; answers 204 to it (and to a redelivery), 400 to anything it cannot verify.
 */
import { createServer } from 'node:http';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';

const { PREFLIGHT_WEBHOOK_SECRET, PORT = '8787' } = process.env;
if (!PREFLIGHT_WEBHOOK_SECRET?.startsWith('whsec_')) {
  console.error('usage: PREFLIGHT_WEBHOOK_SECRET=whsec_… [PORT=8787] webhook-receiver.ts');
  process.exit(2);
}
const webhook = new Webhook(PREFLIGHT_WEBHOOK_SECRET);

interface PreflightEvent {
  id: string;
  type: string;
  created: number;
  data: Record<string, unknown>;
}

/** Event ids already handled: delivery is at least once, so a retry of a handled event is acknowledged and skipped. */
const handled = new Set<string>();

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    // Verify the raw bytes as they arrived, before parsing: the signature covers "<webhook-id>.<webhook-timestamp>.<body>".
    let event: PreflightEvent;
    try {
      // Checks webhook-signature (any of its space-separated v1 signatures) and refuses a webhook-timestamp more than
      // 5 minutes from this clock, so a captured delivery cannot be replayed later.
      event = webhook.verify(Buffer.concat(chunks), req.headers as Record<string, string>) as PreflightEvent;
    } catch (error) {
      const reason = error instanceof WebhookVerificationError ? error.message : 'unreadable';
      res.writeHead(400, { 'Content-Type': 'text/plain' }).end(`not verified: ${reason}`);
      return;
    }
    // Answer within 5 seconds, then do the work: a slower answer counts as a failure and is retried.
    res.writeHead(204).end();
    const id = String(req.headers['webhook-id']); // the same as event.id, and on every retry of the event
    if (handled.has(id)) return;
    handled.add(id);
    console.log(JSON.stringify({ id, type: event.type, data: event.data }));
  });
});

server.listen(Number(PORT), () => console.error(`listening on :${PORT}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
