import './upload-gc-tuning';
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApiApp, startApiMetricsServer } from './bootstrap-api';
import { APP_CONFIG, loadConfigOrExit, type AppConfig } from './config/app-config';

async function main(): Promise<void> {
  loadConfigOrExit(); // fail fast with one line per bad variable, before anything connects
  const app = await createApiApp();
  const config = app.get<AppConfig>(APP_CONFIG);
  await app.listen(config.port);
  new Logger('Main').log(`Preflight API on http://localhost:${config.port}/app/ (docs: /api/docs)`);
  const { apiHost, apiPort } = config.metrics;
  const metrics = await startApiMetricsServer(app);
  if (metrics) new Logger('Main').log(`API metrics on http://${apiHost}:${apiPort}/metrics`);
  else if (apiPort) new Logger('Main').warn(`API metrics port ${apiPort} is taken: running without one`);
}

void main();
