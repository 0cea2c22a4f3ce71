import fc from 'fast-check';
import { type OpenApiDocument, resolve, type Schema } from './openapi';

/**
 * A value the schema accepts. Strings span unicode; numbers span the declared range; objects get every required
 * property and any subset of the optional ones.
 */
export function validValue(doc: OpenApiDocument, raw: Schema, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(doc, raw);
  const value = validNonNull(doc, schema, depth);
  return schema.nullable ? fc.option(value, { nil: null }) : value;
}

function validNonNull(doc: OpenApiDocument, schema: Schema, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.allOf) return validValue(doc, { ...schema.allOf.reduce((all, part) => ({ ...all, ...resolve(doc, part) }), {}), allOf: undefined }, depth);
  // A body of alternatives (e.g. measured retention: CSV text or points): a value of any one of them.
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((alternative) => validValue(doc, alternative, depth)));
  switch (schema.type) {
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      // Nest documents `@IsInt()` fields as `number`; integers in range are what a well-behaved client sends most.
      return fc.oneof(
        fc.integer({ min: Math.ceil(schema.minimum ?? -1_000_000), max: Math.floor(schema.maximum ?? 1_000_000) }),
        fc.double({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000, noNaN: true, noDefaultInfinity: true }),
      );
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(validValue(doc, schema.items ?? {}, depth + 1), { maxLength: 4 });
    case 'object': {
      if (depth > 3 || !schema.properties) return fc.constant({});
      const model = Object.fromEntries(Object.entries(schema.properties).map(([key, property]) => [key, validValue(doc, property, depth + 1)]));
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in model) });
    }
    case 'string':
    default:
      return validString(schema);
  }
}

function validString(schema: Schema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  return fc.string({ unit: 'grapheme', minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) });
}

/** Text a careless client or an attacker puts where a parameter belongs. */
export const HOSTILE_TEXT = [
  '1e18',
  '-1e18',
  '9007199254740993',
  '-1',
  '0',
  '-0',
  '1.5',
  'NaN',
  'Infinity',
  '0x10',
  'abc',
  '',
  ' ',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  "' OR '1'='1",
  '../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  '%',
  '\u0000',
  'a\u0000b',
  '\u0007',
  '\u001b[31mred',
  'del\u007f',
  'line\r\nbreak',
  'tab\there',
  'Café 🎬 видео',
  '\u202e\u0644\u0639\u0631\u0628\u064a\u0629',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '00000000-0000-4000-8000-00000000000', // one digit short
  '00000000-0000-4000-8000-000000000000_data',
  '{{7*7}}',
  '<script>alert(1)</script>',
] as const;

/** The C0 controls (NUL … U+001F, tab, LF and CR among them) and DEL. */
export const CONTROL_CHARACTERS: readonly string[] = [...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)), '\u007f'];
/** The ones refused in every field; tab, LF and CR are text in a free-text field (src/common/control-characters.ts). */
export const ALWAYS_REFUSED_CONTROLS: readonly string[] = CONTROL_CHARACTERS.filter((char) => !'\t\n\r'.includes(char));

/** Ordinary text with one control character at the start, inside or at the end. */
export function withControlCharacter(characters: readonly string[] = CONTROL_CHARACTERS): fc.Arbitrary<string> {
  return fc
    .record({ before: fc.string({ maxLength: 12 }), character: fc.constantFrom(...characters), after: fc.string({ maxLength: 12 }) })
    .map(({ before, character, after }) => `${before}${character}${after}`);
}

/** A control character as the API names it: U+0000. */
export const codePointOf = (text: string) => {
  // eslint-disable-next-line no-control-regex -- finding the control character is the point
  const found = /[\u0000-\u001f\u007f]/.exec(text);
  return found ? `U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` : null;
};

/** Hostile text, plus generated strings: unicode of any plane, control characters, 1–10,000 characters long. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 1, arbitrary: withControlCharacter() },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 64 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 10_000 }).map((length) => 'a'.repeat(length)) },
);

/** A JSON value of the wrong kind for most fields: wrong types, out-of-range numbers, nesting, long strings. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(1e18, -1e18, 1e308, -1, 0, 1.5, Number.MAX_SAFE_INTEGER + 2, true, false, null, '', [], {}, ['a'], { $gt: '' }),
  hostileText,
  fc.jsonValue({ maxDepth: 3 }),
);

/** Printable ASCII that Node's HTTP client accepts in a header, for tokens. */
export const headerText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', 'null', 'undefined', 'Bearer', 'Basic dXNlcjpwYXNz', 'eyJhbGciOiJub25lIn0.e30.', '../../etc/passwd', "' OR 1=1 --", '1e18'),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 200 }),
  fc.integer({ min: 1_000, max: 8_000 }).map((length) => 'x'.repeat(length)),
);
