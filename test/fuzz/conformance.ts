import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { OpenApiDocument, Operation, Schema } from './openapi';

/**
 * Answers any operation may give besides its own (docs/api.md): a malformed request, no or a refused token,
 * a forbidden account, a missing resource, a body too large or of the wrong type, a rate limit, headers over Node's
 * 16 KB limit.
 */
export const GENERAL_STATUSES = [400, 401, 403, 404, 413, 415, 429, 431] as const;

/** The JSON body of every error (src/common/http-exception.filter.ts): `reason` is the machine-readable cause some carry (a 402's, a 409's). */
const ERROR_BODY: Schema & { additionalProperties: false } = {
  type: 'object',
  required: ['statusCode', 'message', 'error'],
  properties: {
    statusCode: { type: 'integer' },
    message: { type: 'string' },
    error: { type: 'string' },
    reason: { type: 'string', pattern: '^[a-z][a-z_]{0,40}$' },
    requestId: { type: 'string' },
  },
  additionalProperties: false,
};

export interface Answer {
  status: number;
  contentType: string;
  body: unknown;
}

/** Checks answers against the document: status declared (or general), JSON body valid against its schema. */
export class Conformance {
  private readonly ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(doc: OpenApiDocument) {
    addFormats(this.ajv);
    this.ajv.addFormat('binary', true);
    // Component references (#/components/schemas/X) resolve inside one schema that holds them all.
    this.ajv.addSchema({ $id: 'openapi', components: rebase(doc.components) });
  }

  /** What is wrong with one answer; empty when it conforms. */
  problems(operation: Operation, answer: Answer): string[] {
    if (answer.status >= 500) return [`${answer.status} ${summary(answer.body)}`];
    const declared = operation.responses.get(answer.status);
    if (!declared && !(GENERAL_STATUSES as readonly number[]).includes(answer.status)) {
      return [`undeclared status ${answer.status} ${summary(answer.body)}`];
    }
    if (answer.status >= 400) return this.check(`error`, ERROR_BODY, answer, (body) => (body as { statusCode: number }).statusCode === answer.status);
    if (declared?.jsonSchema) return this.check(`${operation.operationId}:${answer.status}`, declared.jsonSchema, answer);
    // An operation may document several types (a marker file is XML or text, by format): the answer must be one of them.
    const documented = declared?.contentTypes ?? [];
    if (documented.length && !documented.some((type) => answer.contentType.startsWith(type))) return [`content type ${answer.contentType}, documented ${documented.join(' or ')}`];
    return [];
  }

  private check(key: string, schema: Schema, answer: Answer, extra?: (body: unknown) => boolean): string[] {
    if (!answer.contentType.startsWith('application/json')) return [`${answer.status} answered ${answer.contentType || 'no content type'}, not JSON`];
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(rebase(schema));
      this.validators.set(key, validate);
    }
    if (!validate(answer.body)) {
      const error = validate.errors?.[0];
      return [`${answer.status} body does not match the document: ${error?.instancePath || '/'} ${error?.message} ${summary(answer.body)}`];
    }
    if (extra && !extra(answer.body)) return [`${answer.status} error body disagrees with the status ${summary(answer.body)}`];
    return [];
  }
}

/** The document's schemas as Ajv reads them: references into one holder schema, OpenAPI 3.0 bounds as JSON Schema's. */
function rebase<T>(schema: T): T {
  return withNumericExclusiveBounds(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'))) as T;
}

/**
 * OpenAPI 3.0 writes an exclusive bound as `minimum: 0, exclusiveMinimum: true` (zod's openapi-3.0 target does, e.g.
 * for a positive number); JSON Schema, which Ajv implements, as `exclusiveMinimum: 0`, and Ajv refuses the boolean.
 */
function withNumericExclusiveBounds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withNumericExclusiveBounds);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = withNumericExclusiveBounds(value);
  for (const [exclusive, inclusive] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[exclusive] !== 'boolean') continue;
    if (out[exclusive] === true && typeof out[inclusive] === 'number') {
      out[exclusive] = out[inclusive];
      delete out[inclusive];
    } else delete out[exclusive];
  }
  return out;
}

/** A case that must get one answer (a control character's 400 naming the field) and got another. */
export function expectationProblems(expected: { message: string; besides: number[] } | undefined, answer: Answer): string[] {
  if (!expected || expected.besides.includes(answer.status)) return [];
  const message = (answer.body as { message?: unknown } | null)?.message;
  if (answer.status === 400 && message === expected.message) return [];
  return [`expected 400 "${expected.message}", got ${answer.status} ${summary(answer.body)}`];
}

function summary(body: unknown): string {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return (text ?? '').slice(0, 160);
}
