import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import { buildOpenApiDocument } from '../openapi';

/** Writes sdk/openapi.json from the controllers without starting a server or connecting to anything. */
export async function renderOpenApi(): Promise<string> {
  const app = await NestFactory.create(AppModule, { preview: true, logger: false, abortOnError: false });
  const document = buildOpenApiDocument(app);
  await app.close();
  return `${JSON.stringify(document, null, 2)}\n`;
}

if (require.main === module) {
  void renderOpenApi().then((json) => {
    const target = join(__dirname, '..', '..', 'sdk', 'openapi.json');
    writeFileSync(target, json);
    console.log(`wrote ${target}`);
  });
}
