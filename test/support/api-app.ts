import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApiApp } from '../../src/bootstrap-api';
import { WorkerModule } from '../../src/worker.module';

/** The real API application, in process, on the run's database and Redis prefix (no port opened). */
export async function startApiApp(): Promise<NestExpressApplication> {
  const app = await createApiApp();
  await app.init();
  return app;
}

/** The API listening on a free loopback port, and its base URL. */
export async function startListeningApi(): Promise<{ api: NestExpressApplication; baseUrl: string }> {
  const api = await startApiApp();
  await api.listen(0, '127.0.0.1');
  return { api, baseUrl: await api.getUrl() };
}

/** The real worker (analysis, PDFs, maintenance), in process, beside the API; TEST_WORKER_LOGS=1 shows its logs. */
export async function startWorker(): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(WorkerModule, { logger: process.env.TEST_WORKER_LOGS ? undefined : false });
  await app.init();
  return app;
}
