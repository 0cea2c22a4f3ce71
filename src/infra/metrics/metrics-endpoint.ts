import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { metricsRegistry } from './metrics';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Who may read metrics: with a token, whoever presents it as a bearer token (Prometheus' `authorization`); without
 * one, only callers on this machine. Metrics name routes and volumes, which are nobody else's business.
 */
export function mayReadMetrics(req: IncomingMessage, token: string | undefined): boolean {
  if (!token) return LOOPBACK.has(req.socket.remoteAddress ?? '');
  const presented = Buffer.from(req.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

/** Answers a scrape: the registry in Prometheus' text format, after `refresh` has read any live figures. */
export async function answerScrape(req: IncomingMessage, res: ServerResponse, token: string | undefined, refresh?: () => Promise<void>): Promise<void> {
  if (!mayReadMetrics(req, token)) {
    res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ statusCode: 404, message: 'Not Found' }));
    return;
  }
  await refresh?.().catch(() => undefined); // a Redis outage must not hide the rest of the figures
  res.writeHead(200, { 'Content-Type': metricsRegistry.contentType, 'Cache-Control': 'no-store' }).end(await metricsRegistry.metrics());
}

/**
 * A process's own metrics port, apart from anything a reverse proxy forwards (the worker has no other HTTP server; the
 * API's port is public). `refresh` reads live figures before each scrape. Resolves once listening, or null if the port
 * is taken.
 */
export function startMetricsServer(options: { host: string; port: number; token?: string; refresh?: () => Promise<void> }): Promise<Server | null> {
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url?.split('?')[0] === '/metrics') void answerScrape(req, res, options.token, options.refresh);
    else res.writeHead(404).end();
  });
  return new Promise((resolve) => {
    server.once('error', () => resolve(null)); // e.g. a second process on the same machine: it runs without a port
    // unref: the port never keeps a stopping worker alive.
    server.listen(options.port, options.host, () => resolve(server.unref()));
  });
}
