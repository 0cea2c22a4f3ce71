import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { API_KEY_SECURITY } from './modules/auth/key-scope.decorator';
import { addReportComponents } from './report-contract.openapi';

/** The OpenAPI document, built from the controllers; operationId = the controller method's name. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Preflight API')
    .setDescription(
      'Analyse a video before posting it. /api routes need a Firebase ID token or an API key (pf_live_…, made on Settings › API keys) as a bearer token, or the key in X-API-Key; /public routes do not. A key reaches only the routes that list the api-key scheme, within its scope (read or write). See docs/api.md, For integrators.',
    )
    .setVersion('0.1.0')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token or API key (pf_live_…)' })
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'An API key (pf_live_…) from Settings › API keys' }, API_KEY_SECURITY)
    .build();
  return addReportComponents(SwaggerModule.createDocument(app, config, { operationIdFactory: (_controller, method) => method }));
}
