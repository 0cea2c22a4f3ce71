import type { Answer } from './conformance';
import type { RequestCase } from './cases';
import type { Operation } from './openapi';

/** The request line and headers a case becomes (for a failure message that can be pasted into curl). */
export function describeCase(operation: Operation, testCase: RequestCase): string {
  const headers = Object.entries(testCase.headers).map(([name, value]) => `${name}: ${value.length > 60 ? `${value.slice(0, 60)}…(${value.length})` : value}`);
  const body = testCase.body ? JSON.stringify(testCase.body, (_key, value: unknown) => (typeof value === 'string' && value.length > 80 ? `${value.slice(0, 80)}…(${value.length})` : value instanceof Uint8Array ? `<${value.length} bytes>` : value)) : '';
  return `${operation.method.toUpperCase()} ${urlPath(operation, testCase)} [${testCase.kind}] ${headers.join('; ')} ${body}`.slice(0, 600);
}

function urlPath(operation: Operation, testCase: RequestCase): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const param = testCase.path[name];
    return param.raw ? param.value : encodeURIComponent(param.value);
  });
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(testCase.query)) for (const one of [value].flat()) query.append(name, one);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** Sends one case to the running API from a client address of its own (rate limits count per address). */
export async function send(baseUrl: string, operation: Operation, testCase: RequestCase, clientAddress: string): Promise<Answer> {
  const headers = new Headers({ 'X-Forwarded-For': clientAddress });
  for (const [name, value] of Object.entries(testCase.headers)) headers.set(name, value);
  let body: BodyInit | undefined;
  const sent = testCase.body;
  if (sent?.kind === 'json' && sent.value !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(sent.value);
  } else if (sent?.kind === 'raw') {
    headers.set('Content-Type', sent.contentType);
    body = sent.text;
  } else if (sent?.kind === 'multipart') {
    const form = new FormData();
    for (const [name, value] of Object.entries(sent.fields)) form.append(name, value);
    for (let copy = 0; sent.file && copy < (sent.fileCopies ?? 1); copy += 1) {
      form.append(sent.fileField ?? 'file', new Blob([Buffer.from(sent.file.bytes)], { type: sent.file.contentType }), sent.file.filename);
    }
    body = form;
  }
  const res = await fetch(baseUrl + urlPath(operation, testCase), {
    method: operation.method.toUpperCase(),
    headers,
    body,
    signal: AbortSignal.timeout(30_000),
  });
  const contentType = res.headers.get('content-type') ?? '';
  const bytes = Buffer.from(await res.arrayBuffer());
  let parsed: unknown = bytes.toString('utf8');
  if (contentType.startsWith('application/json')) {
    try {
      parsed = JSON.parse(parsed as string);
    } catch {
      parsed = `(invalid JSON) ${String(parsed).slice(0, 100)}`;
    }
  }
  return { status: res.status, contentType, body: contentType.startsWith('application/pdf') ? `<${bytes.length} bytes of PDF>` : parsed };
}
