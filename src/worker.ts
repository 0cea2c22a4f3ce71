import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { APP_CONFIG, loadConfigOrExit, type AppConfig } from './config/app-config';
import { startMetricsServer } from './infra/metrics/metrics-endpoint';
import { StorageService } from './infra/storage/storage.service';
import { WorkerModule } from './worker.module';

/** The worker: a Nest application context (no HTTP server) running the queue processors. */
async function main(): Promise<void> {
  loadConfigOrExit();
  const app = await NestFactory.createApplicationContext(WorkerModule, { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  await app.get(StorageService).ensureLayout();
  const { metrics } = app.get<AppConfig>(APP_CONFIG);
  const server = metrics.workerPort ? await startMetricsServer({ host: metrics.workerHost, port: metrics.workerPort, token: metrics.token ?? undefined }) : null;
  if (server) app.get(Logger).log(`Preflight worker started (metrics on http://${metrics.workerHost}:${metrics.workerPort}/metrics)`);
  else app.get(Logger).log(`Preflight worker started${metrics.workerPort ? ` (metrics port ${metrics.workerPort} is taken: running without one)` : ''}`);
}

void main();
