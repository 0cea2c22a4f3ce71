import './upload-gc-tuning';
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApiApp } from './bootstrap-api';
import { APP_CONFIG, loadConfigOrExit, type AppConfig } from './config/app-config';

async function main(): Promise<void> {
  loadConfigOrExit(); // fail fast with one line per bad variable, before anything connects
  const app = await createApiApp();
  const config = app.get<AppConfig>(APP_CONFIG);
  await app.listen(config.port);
  new Logger('Main').log(`Preflight API on http://localhost:${config.port}/app/ (docs: /api/docs)`);
}

void main();
