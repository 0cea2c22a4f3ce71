import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * OpenAI's own description of the transcription call (test/fixtures/openai/transcription.openapi.json: the
 * /audio/transcriptions path of github.com/openai/openai-openapi and what it references, MIT), as validators of the
 * multipart request we send and of the JSON answer. The stand-in (openai-standin.ts) runs both on every call, so a
 * field the product sends wrongly, or one the stand-in answers that OpenAI would not, is found against a description
 * nobody here wrote.
 */
const DOCUMENT = JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'openai', 'transcription.openapi.json'), 'utf8')) as object;

function validator(name: string, coerceTypes: boolean): ValidateFunction {
  // strict: false: the document carries OpenAI's own keywords (x-oaiMeta, x-stainless-const…), which are not schema.
  const ajv = new Ajv2020({ strict: false, allErrors: true, coerceTypes: coerceTypes ? 'array' : false });
  // OpenAPI's formats of binary bodies and floating-point numbers: nothing to check beyond the type.
  for (const format of ['binary', 'double', 'float']) ajv.addFormat(format, true);
  ajv.addSchema(DOCUMENT, 'openai');
  return ajv.compile({ $ref: `openai#/components/schemas/${name}` });
}

// A form's fields are text: coerced to the types the schema names, as a server reading the form does.
const requestSchema = validator('CreateTranscriptionRequest', true);
const verboseJsonSchema = validator('CreateTranscriptionResponseVerboseJson', false);
const jsonSchema = validator('CreateTranscriptionResponseJson', false);

const problems = (validate: ValidateFunction) => (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}`.trim());

/** A multipart/form-data body as the platform's own parser reads it. */
export function readForm(body: Buffer, contentType: string): Promise<FormData> {
  return new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
}

/**
 * The fields of a multipart/form-data body as the schema sees them: a file becomes its name (format binary), and
 * `name[]` (how the openai SDK sends an array, one part per item) the array `name`.
 */
export function formFields(form: FormData): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [rawName, value] of form.entries()) {
    const text = typeof value === 'string' ? value : value.name;
    if (rawName.endsWith('[]')) {
      const name = rawName.slice(0, -2);
      const list = Array.isArray(fields[name]) ? fields[name] : [];
      fields[name] = [...list, text];
    } else fields[rawName] = text;
  }
  return fields;
}

/** What OpenAI's description finds wrong in a transcription request's fields (none: valid). */
export function transcriptionRequestProblems(fields: Record<string, unknown>): string[] {
  return requestSchema(structuredClone(fields)) ? [] : problems(requestSchema);
}

/** What OpenAI's description finds wrong in a transcription answer of the format asked for. */
export function transcriptionAnswerProblems(responseFormat: unknown, answer: unknown): string[] {
  const validate = responseFormat === 'verbose_json' ? verboseJsonSchema : jsonSchema;
  return validate(answer) ? [] : problems(validate);
}
