import fc from 'fast-check';
import { forgeEmulatorToken } from '../support/firebase-emulator';
import { ALWAYS_REFUSED_CONTROLS, codePointOf, headerText, hostileJson, hostileText, validValue, withControlCharacter } from './arbitraries';
import { type OpenApiDocument, type Operation, resolve, type Schema } from './openapi';

/** What the fixtures hold for one owner: the ids and tokens that exist, for requests that should succeed. */
export interface OwnerWorld {
  token: string;
  /** The owner's write-scoped API key: valid requests to key-usable operations present it now and then instead. */
  apiKey?: string;
  /** Known values by parameter name (path, query or header), for this owner's valid requests to one operation. */
  known(operationId: string, parameter: string): string[];
}

export interface World {
  owners: OwnerWorld[];
  /** A signed-in creator who owns nothing: someone else's ids look missing to them. */
  stranger: string;
  /** An anonymous (guest) account's real token. */
  guest: string;
  /** Who sends an operation's valid requests instead of the owners (uploads: a creator with a plan). */
  sender?(operationId: string): string | undefined;
  /** API keys that must get nothing: the owners' read-only key (on write operations), the stranger's key, and refused ones. */
  keys?: { read: string; stranger: string; refused: string[] };
  /** A real video file, for uploads that should succeed. */
  video?: Uint8Array;
  /** Headers that sign a body for an operation that authenticates its body (Stripe's webhook), if it does. */
  sign?(operationId: string, payload: string): Record<string, string> | undefined;
}

export type Body =
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string; text: string }
  | {
      kind: 'multipart';
      fields: Record<string, string>;
      file?: { bytes: Uint8Array; filename: string; contentType: string };
      /** The part name the file is sent under ('file' unless broken) and how many times (1 unless broken). */
      fileField?: string;
      fileCopies?: number;
    };

/** One request, fully decided by the seed and the world. */
export interface RequestCase {
  /** `valid`, or the one thing made malformed. */
  kind: string;
  path: Record<string, { value: string; raw?: boolean }>;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  body?: Body;
  /**
   * The one answer this case must get, beyond "no 5xx": a control character is a 400 whose message names the field
   * (src/common/control-characters.ts), unless one of `besides` came first (a guard, the trial gate, the file's type).
   */
  expected?: { message: string; besides: number[] };
}

const FIXED_FUTURE = 4_102_444_800; // 2100-01-01: forged tokens must fail for their flaw, not their age

/** Bearer values that must not let anyone in: garbage, wrong scheme, and emulator-style tokens with one flaw each. */
function badAuthorization(projectId: string): fc.Arbitrary<string> {
  const claims = { aud: projectId, iss: `https://securetoken.google.com/${projectId}`, sub: 'fuzz-forged', iat: 1, exp: FIXED_FUTURE, auth_time: 1 };
  return fc.oneof(
    headerText.map((text) => `Bearer ${text}`),
    headerText,
    fc.constantFrom(
      `Bearer ${forgeEmulatorToken({ ...claims, exp: 2 })}`, // expired
      `Bearer ${forgeEmulatorToken({ ...claims, aud: 'another-project' })}`,
      `Bearer ${forgeEmulatorToken({ ...claims, iss: 'https://evil.example' })}`,
      `Bearer ${forgeEmulatorToken({ ...claims, sub: '' })}`,
      `Bearer ${forgeEmulatorToken({ ...claims, sub: 'x'.repeat(200) })}`,
      `Bearer ${forgeEmulatorToken({ aud: projectId })}`,
      `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('[]').toString('base64url')}.`,
      'Bearer a.b.c',
      'Bearer ...',
      'bearer',
      'Bearer  ',
    ),
  );
}

function deepJson(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

const pickIn = <T>(values: readonly T[]) => fc.constantFrom(...values);

/**
 * Requests for one operation: valid ones (parameters and body from their schemas, an owner's ids and token) and
 * malformed ones (a valid request with one thing broken). Valid requests are about a third of the whole.
 */
export function requestCases(doc: OpenApiDocument, operation: Operation, world: World, projectId: string): fc.Arbitrary<RequestCase> {
  const ownerIndex = fc.integer({ min: 0, max: world.owners.length - 1 });
  const valid = ownerIndex.chain((index) => validCase(doc, operation, world, index));
  const mutations = mutationsOf(doc, operation, world, projectId);
  return fc
    .oneof({ weight: Math.ceil(mutations.length / 2), arbitrary: valid }, ...mutations.map((mutate) => ({ weight: 1, arbitrary: valid.chain(mutate) })))
    .map((testCase) => signed(operation, world, testCase));
}

/**
 * Signs the body as it will be sent, unless the case breaks the signature itself: the broken bodies then reach the
 * code behind the signature check, which is where they can do harm.
 */
function signed(operation: Operation, world: World, testCase: RequestCase): RequestCase {
  if (!world.sign || testCase.kind.startsWith('header ')) return testCase;
  const body = testCase.body;
  const sent = body?.kind === 'json' ? { contentType: 'application/json', text: JSON.stringify(body.value) } : body?.kind === 'raw' ? body : undefined;
  if (sent?.text === undefined) return testCase;
  const headers = world.sign(operation.operationId, sent.text);
  if (!headers) return testCase;
  return { ...testCase, kind: `${testCase.kind} (signed)`, headers: { ...testCase.headers, ...headers }, body: { kind: 'raw', contentType: sent.contentType, text: sent.text } };
}

function validCase(doc: OpenApiDocument, operation: Operation, world: World, index: number): fc.Arbitrary<RequestCase> {
  const owner = world.owners[index];
  const param = (name: string, schema = {}, header = false) => {
    const known = owner.known(operation.operationId, name);
    if (known.length > 0) return pickIn(known);
    return header ? headerText : validValue(doc, schema).map(String); // header values are Latin-1 on the wire
  };
  const path = fc.record(
    Object.fromEntries(operation.parameters.filter((p) => p.in === 'path').map((p) => [p.name, param(p.name, p.schema).map((value) => ({ value }))])),
  );
  const query = fc.record(
    Object.fromEntries(operation.parameters.filter((p) => p.in === 'query').map((p) => [p.name, param(p.name, p.schema)])),
    { requiredKeys: operation.parameters.filter((p) => p.in === 'query' && p.required).map((p) => p.name) },
  );
  const headerParams = operation.parameters.filter((p) => p.in === 'header' && p.name.toLowerCase() !== 'authorization');
  const headers = fc.record(Object.fromEntries(headerParams.map((p) => [p.name, param(p.name, p.schema, true)])), {
    requiredKeys: headerParams.filter((p) => p.required).map((p) => p.name),
  });
  const special = world.sender?.(operation.operationId);
  const sender = special ?? owner.token;
  // Public operations are valid with or without the creator's token (the PDF takes either).
  const authorization = operation.bearer === 'required' || operation.parameters.some((p) => p.name === 'authorization') ? fc.constant(true) : fc.boolean();
  // Where a key may be used, the owner's write key stands in for the token now and then, as a bearer or in X-API-Key.
  const credential = operation.keyScope && owner.apiKey && !special ? fc.constantFrom('token', 'token', 'bearer key', 'X-API-Key') : fc.constant('token');
  const credentialHeaders = (how: string): Record<string, string> =>
    how === 'bearer key' ? { Authorization: `Bearer ${owner.apiKey}` } : how === 'X-API-Key' ? { 'X-API-Key': owner.apiKey! } : { Authorization: `Bearer ${sender}` };
  return fc.record({ path, query, headers, body: validBody(doc, operation, world.video), authorization, credential }).map(({ path, query, headers, body, authorization, credential }) => ({
    kind: credential === 'token' ? 'valid' : `valid (${credential})`,
    path,
    query: query as Record<string, string>,
    headers: { ...(headers as Record<string, string>), ...(authorization ? credentialHeaders(credential) : {}) },
    body: samePathIds(body, path),
  }));
}

const bare = (name: string) => name.replaceAll('_', '').toLowerCase();

/** A body field that names a path parameter (report_id ↔ {reportId}) carries the same value in a valid request. */
function samePathIds(body: Body | undefined, path: Record<string, { value: string }>): Body | undefined {
  if (body?.kind !== 'json' || !body.value || typeof body.value !== 'object' || Array.isArray(body.value)) return body;
  const value = { ...(body.value as Record<string, unknown>) };
  for (const [name, param] of Object.entries(path)) {
    for (const field of Object.keys(value)) if (bare(field) === bare(name)) value[field] = param.value;
  }
  return { kind: 'json', value };
}

function validBody(doc: OpenApiDocument, operation: Operation, video?: Uint8Array): fc.Arbitrary<Body | undefined> {
  if (!operation.body) return fc.constant(undefined);
  if (operation.body.contentType === 'multipart/form-data') return validMultipart(doc, operation, video);
  return validValue(doc, operation.body.schema).map((value) => ({ kind: 'json' as const, value }));
}

/**
 * A multipart body: binary fields become files — a real video now and then, otherwise bytes that are not a video
 * (or a real video cut short), which the API must refuse with a 4xx.
 */
function validMultipart(doc: OpenApiDocument, operation: Operation, video?: Uint8Array): fc.Arbitrary<Body> {
  const schema = resolve(doc, operation.body!.schema);
  const fields = Object.entries(schema.properties ?? {}).filter(([, property]) => resolve(doc, property).format !== 'binary');
  const bytes = video
    ? fc.oneof(
        { weight: 4, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 4096 }) },
        { weight: 1, arbitrary: fc.constant(video) },
        { weight: 1, arbitrary: fc.integer({ min: 1, max: video.length - 1 }).map((end) => video.subarray(0, end)) },
      )
    : fc.uint8Array({ minLength: 1, maxLength: 4096 });
  const file = fc.record({
    bytes,
    filename: fc.constantFrom('clip.mp4', 'Café 🎬 видео.mov', 'a.webm', 'noext', '../../etc/passwd.mp4', `${'n'.repeat(300)}.mp4`),
    contentType: fc.constantFrom('video/mp4', 'video/quicktime', 'video/webm', 'application/octet-stream'),
  });
  return fc
    .record({
      fields: fc.record(Object.fromEntries(fields.map(([name, property]) => [name, validValue(doc, property).map(String)])), { requiredKeys: [] }),
      file,
    })
    .map(({ fields, file }) => ({ kind: 'multipart' as const, fields: fields as Record<string, string>, file }));
}

type Mutation = (base: RequestCase) => fc.Arbitrary<RequestCase>;

const withKind = (kind: string, base: RequestCase, change: Partial<RequestCase>): RequestCase => ({ ...base, ...change, kind });

/** The ways one valid request is broken, those that apply to this operation. */
function mutationsOf(doc: OpenApiDocument, operation: Operation, world: World, projectId: string): Mutation[] {
  const mutations: Mutation[] = [];
  const pathNames = operation.parameters.filter((p) => p.in === 'path').map((p) => p.name);
  const queryNames = operation.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const headerNames = operation.parameters.filter((p) => p.in === 'header' && p.name.toLowerCase() !== 'authorization').map((p) => p.name);
  const otherIds = world.owners.flatMap((owner) => pathNames.flatMap((name) => owner.known(operation.operationId, name)));

  if (pathNames.length > 0) {
    mutations.push((base) =>
      fc.record({ name: pickIn(pathNames), value: hostileText }).map(({ name, value }) => withKind('path: hostile', base, { path: { ...base.path, [name]: { value } } })),
    );
    mutations.push((base) =>
      fc
        .record({ name: pickIn(pathNames), value: pickIn(['%', '%00', '%zz', '..%2f..%2f', '%c0%ae', '%ff%fe', '%e2%80%ae']) })
        .map(({ name, value }) => withKind('path: raw escapes', base, { path: { ...base.path, [name]: { value, raw: true } } })),
    );
    mutations.push((base) =>
      fc.record({ name: pickIn(pathNames), value: fc.uuid() }).map(({ name, value }) => withKind('path: unknown id', base, { path: { ...base.path, [name]: { value } } })),
    );
    if (otherIds.length > 0) {
      mutations.push((base) =>
        fc.record({ name: pickIn(pathNames), value: pickIn(otherIds) }).map(({ name, value }) => withKind('path: another owner\'s id', base, { path: { ...base.path, [name]: { value } } })),
      );
    }
  }
  if (queryNames.length > 0) {
    mutations.push((base) =>
      fc.record({ name: pickIn(queryNames), value: hostileText }).map(({ name, value }) => withKind('query: hostile', base, { query: { ...base.query, [name]: value } })),
    );
    mutations.push((base) =>
      fc.record({ name: pickIn(queryNames), values: fc.array(hostileText, { minLength: 2, maxLength: 3 }) }).map(({ name, values }) =>
        withKind('query: repeated', base, { query: { ...base.query, [name]: values } }),
      ),
    );
  }
  // Every query and path parameter also gets a control character: refused with a 400 naming it, before any pipe.
  const refusedControl = withControlCharacter(ALWAYS_REFUSED_CONTROLS);
  const controlExpected = (field: string, value: string, besides: number[]) => ({ message: `${field} must not contain control characters (found ${codePointOf(value)})`, besides });
  if (pathNames.length > 0) {
    mutations.push((base) =>
      fc.record({ name: pickIn(pathNames), value: refusedControl }).map(({ name, value }) => ({
        ...withKind('path: control character', base, { path: { ...base.path, [name]: { value } } }),
        expected: controlExpected(name, value, GUARDED),
      })),
    );
  }
  if (queryNames.length > 0) {
    mutations.push((base) =>
      fc.record({ name: pickIn(queryNames), value: refusedControl }).map(({ name, value }) => ({
        ...withKind('query: control character', base, { query: { ...base.query, [name]: value } }),
        expected: controlExpected(name, value, GUARDED),
      })),
    );
  }
  mutations.push((base) =>
    fc.record({ name: pickIn(['x', 'page[$gt]', '__proto__[admin]', 'constructor[prototype][admin]', 'a'.repeat(100)]), value: hostileText }).map(({ name, value }) =>
      withKind('query: unknown field', base, { query: { ...base.query, [name]: value } }),
    ),
  );
  for (const name of headerNames) {
    mutations.push((base) => headerText.map((value) => withKind(`header ${name}: hostile`, base, { headers: { ...base.headers, [name]: value } })));
  }
  // Who asks: nobody, a bad token, a creator who owns nothing, a guest account.
  const replaceAuth = (kind: string, base: RequestCase, authorization?: string, header = 'Authorization'): RequestCase => {
    const headers = Object.fromEntries(Object.entries(base.headers).filter(([name]) => name !== 'Authorization' && name !== 'X-API-Key'));
    return withKind(kind, base, { headers: authorization === undefined ? headers : { ...headers, [header]: authorization } });
  };
  mutations.push((base) => fc.constant(replaceAuth('auth: none', base)));
  mutations.push((base) => badAuthorization(projectId).map((value) => replaceAuth('auth: bad token', base, value)));
  mutations.push((base) => fc.constant(replaceAuth('auth: another creator', base, `Bearer ${world.stranger}`)));
  mutations.push((base) => fc.constant(replaceAuth('auth: guest account', base, `Bearer ${world.guest}`)));
  const keys = world.keys;
  if (keys) {
    // Revoked, unknown and malformed keys, as a bearer or in X-API-Key: refused on every operation.
    mutations.push((base) =>
      fc
        .record({ key: fc.oneof(pickIn(keys.refused), headerText.map((text) => `pf_${text}`)), asBearer: fc.boolean() })
        .map(({ key, asBearer }) => (asBearer ? replaceAuth('auth: bad key', base, `Bearer ${key}`) : replaceAuth('auth: bad key', base, key, 'X-API-Key'))),
    );
    // A valid key where its scope does not reach: a read key on a write operation, any key on one closed to keys.
    if (operation.bearer === 'required' && operation.keyScope !== 'read') {
      mutations.push((base) => fc.constant(replaceAuth('auth: key out of scope', base, `Bearer ${keys.read}`)));
    }
    if (operation.keyScope) mutations.push((base) => fc.constant(replaceAuth("auth: another creator's key", base, keys.stranger, 'X-API-Key')));
  }

  if (operation.body?.contentType === 'application/json' || (!operation.body && operation.method !== 'get')) {
    mutations.push(...jsonBodyMutations(doc, operation));
  }
  if (operation.body?.contentType === 'multipart/form-data') mutations.push(...multipartMutations(doc, operation));
  return mutations;
}

function jsonBodyMutations(doc: OpenApiDocument, operation: Operation): Mutation[] {
  const schema = operation.body ? resolve(doc, operation.body.schema) : { type: 'object' as const, properties: {} };
  const names = Object.keys(schema.properties ?? {});
  const objectOf = (base: RequestCase) => (base.body?.kind === 'json' && base.body.value && typeof base.body.value === 'object' ? (base.body.value as Record<string, unknown>) : {});
  const mutations: Mutation[] = [
    (base) => hostileJson.map((value) => withKind('body: not an object', base, { body: { kind: 'json', value } })),
    (base) =>
      fc.record({ name: pickIn(['extra', '__proto__', 'constructor', 'id', 'userId', 'status']), value: hostileJson }).map(({ name, value }) =>
        // A computed key makes "__proto__" an own property, so it is sent as written.
        withKind('body: unknown field', base, { body: { kind: 'raw', contentType: 'application/json', text: JSON.stringify({ ...objectOf(base), [name]: value }) } }),
      ),
    (base) =>
      fc.integer({ min: 33, max: 20_000 }).map((depth) => withKind('body: deeply nested', base, { body: { kind: 'raw', contentType: 'application/json', text: deepJson(depth) } })),
    (base) =>
      fc.constantFrom('{"a":', '{', '[1,', 'not json', '{"a":1}}', '\u0000', '', 'null', '"string"', '1e400', '{"__proto__":{"admin":true}}').map((text) =>
        withKind('body: broken JSON', base, { body: { kind: 'raw', contentType: 'application/json', text } }),
      ),
    (base) =>
      fc.integer({ min: 200_000, max: 2_000_000 }).map((size) =>
        withKind('body: huge', base, { body: { kind: 'raw', contentType: 'application/json', text: JSON.stringify({ ...objectOf(base), extra: 'x'.repeat(size) }) } }),
      ),
    (base) =>
      fc
        .record({ contentType: fc.constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'image/png'), text: fc.constantFrom('a=1', '<a/>', '--x--', '{}') })
        .map(({ contentType, text }) => withKind('body: wrong content type', base, { body: { kind: 'raw', contentType, text } })),
  ];
  if (names.length > 0) {
    mutations.push((base) =>
      fc.record({ name: pickIn(names), value: hostileJson }).map(({ name, value }) => withKind('body: wrong type', base, { body: { kind: 'json', value: { ...objectOf(base), [name]: value } } })),
    );
  }
  const nested = names.filter((name) => resolve(doc, schema.properties![name]).type === 'object');
  for (const name of nested) {
    const inner = Object.keys(resolve(doc, schema.properties![name]).properties ?? {});
    if (inner.length === 0) continue;
    mutations.push((base) =>
      fc.record({ field: pickIn(inner), value: hostileJson }).map(({ field, value }) =>
        withKind(`body: wrong type in ${name}`, base, { body: { kind: 'json', value: { ...objectOf(base), [name]: { [field]: value } } } }),
      ),
    );
  }
  // Every string field, however deep (array items, either alternative of a body), gets a control character in turn.
  // Stripe's signed events are the handler's to judge (its ids are printable ASCII only): no message is expected.
  const fields = stringFieldsOf(doc, schema);
  if (fields.length > 0) {
    const namedRefusal = !operation.path.startsWith('/api/webhooks/');
    mutations.push((base) =>
      fc.record({ field: pickIn(fields), value: withControlCharacter(ALWAYS_REFUSED_CONTROLS) }).map(({ field, value }) => {
        const name = fieldName(field);
        const body = setAt(objectOf(base), field, value);
        const testCase = withKind(`body: control character in ${name}`, base, { body: { kind: 'json', value: body } });
        return namedRefusal ? { ...testCase, expected: { message: `${name} must not contain control characters (found ${codePointOf(value)})`, besides: [429] } } : testCase;
      }),
    );
  }
  if ((schema.required ?? []).length > 0) {
    mutations.push((base) =>
      fc.constant(withKind('body: missing required', base, { body: { kind: 'json', value: Object.fromEntries(Object.entries(objectOf(base)).filter(([key]) => !schema.required!.includes(key))) } })),
    );
  }
  return mutations;
}

/** Answers that may come before a request's fields are read: a guard's (token, account, rate limit), a missing route's. */
const GUARDED = [401, 403, 404, 429];

type FieldPath = Array<string | number>;

/** The paths of a body schema's string fields (array items as [0]), down to four levels. */
function stringFieldsOf(doc: OpenApiDocument, raw: Schema, path: FieldPath = [], depth = 0): FieldPath[] {
  const schema = resolve(doc, raw);
  if (depth > 4) return [];
  if (schema.allOf) return stringFieldsOf(doc, schema.allOf.reduce<Schema>((all, part) => ({ ...all, ...resolve(doc, part) }), {}), path, depth);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return alternatives.flatMap((alternative) => stringFieldsOf(doc, alternative, path, depth));
  if (schema.type === 'object') return Object.entries(schema.properties ?? {}).flatMap(([key, property]) => stringFieldsOf(doc, property, [...path, key], depth + 1));
  if (schema.type === 'array') return stringFieldsOf(doc, schema.items ?? {}, [...path, 0], depth + 1);
  return schema.type === 'string' && schema.format !== 'binary' && path.length > 0 ? [path] : [];
}

/** A field path as the API's messages write it: `settings.url`, `events[0]`. */
const fieldName = (path: FieldPath) => path.map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? part : `.${part}`)).join('');

/** A copy of `body` with `value` at `path`, making the objects and arrays on the way. */
function setAt(body: Record<string, unknown>, path: FieldPath, value: unknown): Record<string, unknown> {
  const root = structuredClone(body);
  let node: Record<string | number, unknown> = root;
  path.forEach((part, i) => {
    if (i === path.length - 1) {
      node[part] = value;
      return;
    }
    const existing = node[part];
    const fresh = typeof path[i + 1] === 'number' ? [] : {};
    const next = existing && typeof existing === 'object' && Array.isArray(existing) === Array.isArray(fresh) ? existing : fresh;
    node[part] = next;
    node = next as Record<string | number, unknown>;
  });
  return root;
}

function multipartMutations(doc: OpenApiDocument, operation: Operation): Mutation[] {
  const fieldsOf = (base: RequestCase) => (base.body?.kind === 'multipart' ? base.body : { kind: 'multipart' as const, fields: {} });
  const schema = resolve(doc, operation.body!.schema);
  const textFields = Object.entries(schema.properties ?? {})
    .filter(([, property]) => resolve(doc, property).format !== 'binary')
    .map(([name]) => name);
  return [
    // A control character in a text field (a known one or not): the upload refuses it naming the field, unless the
    // file was refused first (its type), or the trial gate or a guard answered before the body was read. Only the
    // credential is sent: a generated Idempotency-Key of the base request would be refused before the fields.
    (base) =>
      fc.record({ name: fc.constantFrom(...textFields, 'extra'), value: withControlCharacter(ALWAYS_REFUSED_CONTROLS) }).map(({ name, value }) => ({
        ...withKind('multipart: control character', base, {
          headers: Object.fromEntries(Object.entries(base.headers).filter(([header]) => header === 'Authorization' || header === 'X-API-Key')),
          body: { ...fieldsOf(base), fields: { ...fieldsOf(base).fields, [name]: value } },
        }),
        expected: { message: `${name} must not contain control characters (found ${codePointOf(value)})`, besides: [...GUARDED, 402, 413, 415] },
      })),
    (base) => fc.constant(withKind('multipart: no file', base, { body: { ...fieldsOf(base), file: undefined } })),
    (base) => fc.constantFrom('video', 'files', 'file[]', '').map((fileField) => withKind('multipart: file under another name', base, { body: { ...fieldsOf(base), fileField } })),
    (base) => fc.integer({ min: 2, max: 5 }).map((fileCopies) => withKind('multipart: several files', base, { body: { ...fieldsOf(base), fileCopies } })),
    (base) =>
      fc.integer({ min: 101, max: 4_000 }).map((length) =>
        withKind('multipart: long field name', base, { body: { ...fieldsOf(base), fields: { ...fieldsOf(base).fields, ['f'.repeat(length)]: 'x' } } }),
      ),
    (base) =>
      fc.integer({ min: 500, max: 3_000 }).map((count) =>
        withKind('multipart: many fields', base, { body: { ...fieldsOf(base), fields: Object.fromEntries(Array.from({ length: count }, (_, i) => [`f${i}`, 'x'])) } }),
      ),
    (base) =>
      fc.integer({ min: 1_100_000, max: 2_000_000 }).map((size) =>
        withKind('multipart: huge field', base, { body: { ...fieldsOf(base), fields: { ...fieldsOf(base).fields, feedbackStyle: 'x'.repeat(size) } } }),
      ),
    (base) =>
      fc.record({ name: fc.constantFrom('feedbackStyle', 'extra', 'userId'), value: hostileText }).map(({ name, value }) =>
        withKind('multipart: hostile field', base, { body: { ...fieldsOf(base), fields: { ...fieldsOf(base).fields, [name]: value } } }),
      ),
    (base) =>
      fc.constantFrom('image/png', 'text/plain', 'application/x-msdownload', 'video/x-unknown').map((contentType) =>
        withKind('multipart: not a video type', base, { body: { ...fieldsOf(base), file: { bytes: new Uint8Array([1, 2, 3]), filename: 'x.exe', contentType } } }),
      ),
    (base) =>
      fc.constantFrom('application/json', 'text/plain', 'multipart/form-data', 'multipart/form-data; boundary=', 'application/octet-stream').map((contentType) =>
        withKind('multipart: wrong content type', base, { body: { kind: 'raw', contentType, text: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\n' } }),
      ),
  ];
}
