import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApiApp } from '../../src/bootstrap-api';

/** The real API application, in process, on the run's database and Redis prefix (no port opened). */
export async function startApiApp(): Promise<NestExpressApplication> {
  const app = await createApiApp();
  await app.init();
  return app;
}
