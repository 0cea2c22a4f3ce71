import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { loadConfigOrExit } from './config/app-config';
import { StorageService } from './infra/storage/storage.service';
import { WorkerModule } from './worker.module';

/** The worker: a Nest application context (no HTTP server) running the queue processors. */
async function main(): Promise<void> {
  loadConfigOrExit();
  const app = await NestFactory.createApplicationContext(WorkerModule, { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  await app.get(StorageService).ensureLayout();
  app.get(Logger).log('Preflight worker started');
}

void main();
