import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { addReportComponents } from './report-contract.openapi';

/** The OpenAPI document, built from the controllers; operationId = the controller method's name. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Preflight API')
    .setDescription(
      'Analyse a video before posting it. /api routes need a Firebase ID token as a bearer token; /public routes do not.',
    )
    .setVersion('0.1.0')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token' })
    .build();
  return addReportComponents(SwaggerModule.createDocument(app, config, { operationIdFactory: (_controller, method) => method }));
}
