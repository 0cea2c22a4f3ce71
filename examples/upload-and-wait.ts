/**
 * For integrators (docs/api.md): a script that holds only an API key uploads a video, waits for the signed
 * analysis.completed webhook, reads the report and downloads the PDF.
 *
 *   PREFLIGHT_URL=http://localhost:3000 PREFLIGHT_API_KEY=pf_live_… PREFLIGHT_WEBHOOK_SECRET=whsec_… WEBHOOK_PORT=8787 \
 *     node --import @swc-node/register/esm-register examples/upload-and-wait.ts my-video.mp4 [report.pdf]
 *
 * The webhook endpoint (http://<this machine>:8787/, event analysis.completed) is added once on Settings › Webhooks,
 * which shows its secret. Prints one JSON line: the report's id, score and issue count, and the PDF's size.
 */
import { client, downloadPdf, getReport, uploadVideo } from '@preflight/sdk';
import { randomUUID } from 'node:crypto';
import { openAsBlob, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { basename } from 'node:path';
import { Webhook } from 'standardwebhooks';

const { PREFLIGHT_URL, PREFLIGHT_API_KEY, PREFLIGHT_WEBHOOK_SECRET, WEBHOOK_PORT = '8787' } = process.env;
const [video, pdfPath = 'report.pdf'] = process.argv.slice(2);
if (!PREFLIGHT_URL || !PREFLIGHT_API_KEY || !PREFLIGHT_WEBHOOK_SECRET || !video) {
  console.error('usage: PREFLIGHT_URL=… PREFLIGHT_API_KEY=pf_live_… PREFLIGHT_WEBHOOK_SECRET=whsec_… upload-and-wait.ts <video> [report.pdf]');
  process.exit(2);
}

/** Standard Webhooks: webhook-id, webhook-timestamp (within 5 minutes) and webhook-signature over the raw body. */
const webhook = new Webhook(PREFLIGHT_WEBHOOK_SECRET);
function verified(rawBody: string, headers: Record<string, string>): boolean {
  try {
    webhook.verify(rawBody, headers);
    return true;
  } catch {
    return false;
  }
}

/** Resolves with the first verified analysis.completed or analysis.failed event for `reportId`. */
function webhookFor(reportId: () => string | null): Promise<{ type: string; data: Record<string, unknown> }> {
  return new Promise((resolve) => {
    const seen = new Set<string>(); // event ids: a redelivery is acknowledged and ignored
    const server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      req.on('end', () => {
        if (!verified(raw, req.headers as Record<string, string>)) return void res.writeHead(400).end();
        res.writeHead(204).end(); // answer at once, work after: Preflight waits 5 s at most
        const event = JSON.parse(raw) as { id: string; type: string; data: Record<string, unknown> };
        if (seen.has(event.id) || event.data.report_id !== reportId()) return;
        seen.add(event.id);
        if (event.type === 'analysis.completed' || event.type === 'analysis.failed') server.close(() => resolve(event));
      });
    });
    server.listen(Number(WEBHOOK_PORT));
  });
}

async function main(): Promise<void> {
  client.setConfig({ baseUrl: PREFLIGHT_URL, auth: (scheme) => (scheme.type === 'apiKey' ? PREFLIGHT_API_KEY : undefined) });
  let reportId: string | null = null;
  const done = webhookFor(() => reportId);
  // The Idempotency-Key makes a retried upload (after a timeout, say) return the first answer instead of a second analysis.
  const file = new File([await openAsBlob(video)], basename(video), { type: 'video/mp4' });
  const upload = await uploadVideo({ body: { file }, headers: { 'Idempotency-Key': randomUUID() }, throwOnError: true });
  reportId = upload.data.reportId;
  const event = await done;
  if (event.type === 'analysis.failed') throw new Error(`analysis failed: ${String(event.data.error)}`);
  const report = (await getReport({ path: { reportId }, throwOnError: true })).data;
  const pdf = Buffer.from(await (await downloadPdf({ path: { reportId }, throwOnError: true })).data.arrayBuffer());
  writeFileSync(pdfPath, pdf);
  console.log(JSON.stringify({ reportId, status: report.status, viralRiskScore: report.viralRiskScore, issues: report.issuesCount, pdfBytes: pdf.length }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
