import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The parts of an OpenAPI 3.0 schema object the fuzz tier reads (what @nestjs/swagger and our zod export produce). */
export interface Schema {
  $ref?: string;
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array';
  format?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  nullable?: boolean;
  additionalProperties?: boolean | Schema;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: Schema;
}

interface MediaType {
  schema?: Schema;
}

export interface Operation {
  operationId: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  parameters: Parameter[];
  body?: { required: boolean; contentType: string; schema: Schema };
  /** Declared status codes, each with the JSON schema of its body when one is declared. */
  responses: Map<number, { contentTypes: string[]; jsonSchema?: Schema }>;
  /** required: security is bearer only; optional: bearer or nothing (`{}`); none: no security. */
  bearer: 'required' | 'optional' | 'none';
  /** The API key scope the operation needs (x-api-key-scope), or null when an API key may not call it. */
  keyScope: 'read' | 'write' | null;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, RawOperation>>;
  components: { schemas: Record<string, Schema> };
}

interface RawOperation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType> }>;
  security?: Record<string, unknown>[];
  'x-api-key-scope'?: 'read' | 'write';
}

/** The committed document (`npm run openapi` writes it; a unit test keeps it in step with the controllers). */
export function loadDocument(): OpenApiDocument {
  return JSON.parse(readFileSync(join(__dirname, '..', '..', 'sdk', 'openapi.json'), 'utf8')) as OpenApiDocument;
}

/** Follows `#/components/schemas/…` references (one level at a time, so recursive schemas stay lazy). */
export function resolve(doc: OpenApiDocument, schema: Schema): Schema {
  let current = schema;
  while (current.$ref) {
    const name = current.$ref.replace('#/components/schemas/', '');
    const target = doc.components.schemas[name];
    if (!target) throw new Error(`unresolvable $ref ${current.$ref}`);
    current = target;
  }
  return current;
}

/** Every operation in the document, in document order. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const responses = new Map<number, { contentTypes: string[]; jsonSchema?: Schema }>();
      for (const [status, response] of Object.entries(raw.responses)) {
        const content = response.content ?? {};
        responses.set(Number(status), { contentTypes: Object.keys(content), jsonSchema: content['application/json']?.schema });
      }
      const [contentType, media] = Object.entries(raw.requestBody?.content ?? {})[0] ?? [];
      operations.push({
        operationId: raw.operationId,
        method: method as Operation['method'],
        path,
        parameters: raw.parameters ?? [],
        body: contentType && media?.schema ? { required: raw.requestBody?.required ?? false, contentType, schema: media.schema } : undefined,
        responses,
        bearer: bearerOf(raw.security ?? []),
        keyScope: (raw.security ?? []).some((requirement) => 'api-key' in requirement) ? (raw['x-api-key-scope'] ?? 'read') : null,
      });
    }
  }
  return operations;
}

function bearerOf(security: Record<string, unknown>[]): Operation['bearer'] {
  if (!security.some((requirement) => 'bearer' in requirement)) return 'none';
  return security.some((requirement) => Object.keys(requirement).length === 0) ? 'optional' : 'required';
}
