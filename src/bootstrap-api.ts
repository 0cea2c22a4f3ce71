import { getQueueToken } from '@nestjs/bullmq';
import { ValidationPipe } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { Server } from 'node:http';
import { NestFactory, Reflector } from '@nestjs/core';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { compressResponses } from './common/compress-responses';
import { ControlCharactersInterceptor } from './common/control-characters.interceptor';
import { ignoreUnknownForwardedProtocol } from './common/forwarded-protocol';
import { applyHttpLimits, bodyDeadline, tusPatchContentType } from './common/http-limits';
import { closeRefusedUploads } from './common/early-refusal';
import { OpenUploads } from './common/upload-pace';
import { requireJsonBodies } from './common/json-body';
import { JsonDepthInterceptor } from './common/json-depth.interceptor';
import { noStoreForPrivateData } from './common/no-store';
import { securityHeaders } from './common/security-headers';
import { servePages } from './modules/pages/serve-pages';
import { APP_CONFIG, type AppConfig } from './config/app-config';
import { OBJECT_STORE, type ObjectStore } from './infra/storage/object-store';
import { startMetricsServer } from './infra/metrics/metrics-endpoint';
import { httpMetrics } from './infra/metrics/http-metrics';
import { readQueueDepth } from './infra/metrics/queue-depth';
import { QueueName } from './jobs/queues';
import { buildOpenApiDocument } from './openapi';


/** Builds the API application with everything main.ts and the tests need, without listening. */
export async function createApiApp(): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule, {
    bufferLogs: true,
    rawBody: true, // Stripe signs the exact bytes it sent (POST /api/webhooks/stripe)
  });
  const config = app.get<AppConfig>(APP_CONFIG);
  app.useLogger(app.get(Logger));
  // A hop count (TRUST_PROXY, 0 by default): the address that many proxies back is the client's.
  app.set('trust proxy', config.trustProxy);
  app.use(ignoreUnknownForwardedProtocol);
  app.disable('x-powered-by');
  app.use(httpMetrics);
  app.use(bodyDeadline);
  app.use(closeRefusedUploads);
  const uploads = new OpenUploads({ stallMs: config.uploads.stallMs, minBytesPerSecond: config.uploads.minBytesPerSecond, windowMs: config.uploads.paceWindowMs });
  app.use(uploads.watch);
  app.use(compressResponses());
  app.use(tusPatchContentType);
  app.use(requireJsonBodies);
  app.use(securityHeaders(config));
  app.use(noStoreForPrivateData);
  app.useGlobalInterceptors(new JsonDepthInterceptor(), new ControlCharactersInterceptor(app.get(Reflector)));
  app.useGlobalPipes(
    new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true, stopAtFirstError: false }),
  );
  app.enableShutdownHooks();
  closeUploadsFirstOnStop(app, uploads);
  // Uploads get the spec's hour (Node's default cuts at 5 minutes) unless they stall or crawl; every other body must
  // arrive within seconds.
  applyHttpLimits(app.getHttpServer() as Server, config.http);
  await app.get<ObjectStore>(OBJECT_STORE).prepare();

  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'api/docs-json',
    customSiteTitle: 'Preflight API',
  });
  servePages(app, config);
  return app;
}

/**
 * A stop (SIGTERM, Ctrl-C, app.close() in the tests) answers every upload still arriving at once (503; a tus upload
 * resumes from its offset), before the modules shut down and the HTTP server waits for its connections: an open
 * upload held the stop for 17 s, until the process was killed.
 */
function closeUploadsFirstOnStop(app: NestExpressApplication, uploads: OpenUploads): void {
  // Nest's signal handler and app.close() both run shutdown() on the application itself; wrapped there, the uploads
  // go before any module's hook. NestFactory hands out a proxy that swallows assignments and looks methods up late,
  // so the wrapper is defined on the application (the proxy passes that through) around the class's own method.
  type Stop = (this: unknown, signal?: string) => Promise<void>;
  const proto = Object.getPrototypeOf(app) as Record<string, Stop | undefined>;
  const method = typeof proto.shutdown === 'function' ? 'shutdown' : 'close';
  const own = proto[method]!;
  Object.defineProperty(app, method, {
    configurable: true,
    writable: true,
    value: function (this: unknown, signal?: string) {
      const cut = uploads.closeAll();
      if (cut > 0) app.get(Logger).warn(`stopping: ${cut} upload(s) still arriving were answered 503`);
      return own.call(this, signal);
    },
  });
}

/**
 * The API's metrics on their own port (API_METRICS_HOST:API_METRICS_PORT, 127.0.0.1:9465 by default), as the worker's:
 * served on the API's port, they trusted the socket's address, and a reverse proxy on the same machine made every
 * visitor local. Null when the port is 0 or taken (a second API process on the machine runs without one).
 */
export async function startApiMetricsServer(app: NestExpressApplication, where?: { host: string; port: number }): Promise<Server | null> {
  const { metrics } = app.get<AppConfig>(APP_CONFIG);
  const { host, port } = where ?? { host: metrics.apiHost, port: metrics.apiPort };
  if (!port && !where) return null;
  const queues = Object.values(QueueName).map((name) => app.get<Queue>(getQueueToken(name)));
  return startMetricsServer({ host, port, token: metrics.token ?? undefined, refresh: () => readQueueDepth(queues) });
}
