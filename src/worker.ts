import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { APP_CONFIG, loadConfigOrExit, type AppConfig } from './config/app-config';
import { startMetricsServer } from './infra/metrics/metrics-endpoint';
import { OBJECT_STORE, type ObjectStore } from './infra/storage/object-store';
import { WorkerModule } from './worker.module';

/** The worker: a Nest application context (no HTTP server) running the queue processors. */
async function main(): Promise<void> {
  loadConfigOrExit();
  const app = await NestFactory.createApplicationContext(WorkerModule, { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  await app.get<ObjectStore>(OBJECT_STORE).prepare();
  const { metrics } = app.get<AppConfig>(APP_CONFIG);
  const server = metrics.workerPort ? await startMetricsServer({ host: metrics.workerHost, port: metrics.workerPort, token: metrics.token ?? undefined }) : null;
  if (server) app.get(Logger).log(`Preflight worker started (metrics on http://${metrics.workerHost}:${metrics.workerPort}/metrics)`);
  else app.get(Logger).log(`Preflight worker started${metrics.workerPort ? ` (metrics port ${metrics.workerPort} is taken: running without one)` : ''}`);
}

void main();
