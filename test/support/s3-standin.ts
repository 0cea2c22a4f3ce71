import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { S3TestServer } from './s3-bucket';

/**
 * A local S3-compatible server for the tests: path-style requests, the operations the product uses (objects, listing
 * with prefix and delimiter, batch delete, multipart uploads with ListParts, ListMultipartUploads and Abort), objects in
 * memory. Signatures are not checked. The real AWS SDK (and @tus/s3-store) talk to it over HTTP as to any S3.
 *
 * Why our own: the pure-JS servers on npm (s3rver 3.7, @20minutes/s3rver 5.0, fauxqs 2.4) answer ListParts,
 * ListMultipartUploads or AbortMultipartUpload with NotImplemented, and resumable uploads (@tus/s3-store) and the
 * sweep of unfinished uploads cannot work without them.
 */
interface StoredObject {
  body: Buffer;
  contentType: string;
  metadata: Record<string, string>;
  /** x-amz-tagging as sent (`key=value&…`). */
  tags: string;
  modifiedAt: Date;
  etag: string;
}

interface MultipartUpload {
  key: string;
  contentType: string;
  metadata: Record<string, string>;
  tags: string;
  initiatedAt: Date;
  parts: Map<number, { body: Buffer; etag: string; modifiedAt: Date }>;
}

export interface S3StandIn extends S3TestServer {
  objects: Map<string, StoredObject>;
  uploads: Map<string, MultipartUpload>;
}

const MIN_PART_BYTES = 5 * 1024 * 1024;
const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const md5 = (body: Buffer) => `"${createHash('md5').update(body).digest('hex')}"`;

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const streaming = String(req.headers['x-amz-content-sha256'] ?? '').startsWith('STREAMING-') || /aws-chunked/.test(String(req.headers['content-encoding'] ?? ''));
  return streaming ? decodeAwsChunked(raw) : raw;
}

/** `aws-chunked` bodies (what the SDK sends with checksums): `<hex size>[;chunk-signature=…]\r\n<bytes>\r\n` … `0\r\n<trailers>`. */
function decodeAwsChunked(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(raw.subarray(at, lineEnd).toString('latin1').split(';')[0], 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

function metadataOf(req: IncomingMessage): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) if (name.startsWith('x-amz-meta-')) metadata[name] = String(value);
  return metadata;
}

function send(res: ServerResponse, status: number, xml?: string, headers: Record<string, string | number> = {}): void {
  res.writeHead(status, xml === undefined ? headers : { 'Content-Type': 'application/xml', ...headers });
  res.end(xml === undefined ? undefined : `<?xml version="1.0" encoding="UTF-8"?>\n${xml}`);
}

function error(res: ServerResponse, status: number, code: string, head = false): void {
  if (head) return send(res, status);
  send(res, status, `<Error><Code>${code}</Code><Message>${code}</Message><RequestId>${randomUUID()}</RequestId></Error>`);
}

export async function startS3StandIn(bucket = 'preflight-test'): Promise<S3StandIn> {
  const objects = new Map<string, StoredObject>();
  const uploads = new Map<string, MultipartUpload>();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://s3.local');
    const [, bucketName = '', ...keyParts] = url.pathname.split('/');
    const key = keyParts.map((part) => decodeURIComponent(part)).join('/');
    const query = url.searchParams;
    const head = req.method === 'HEAD';
    if (decodeURIComponent(bucketName) !== bucket) return error(res, 404, 'NoSuchBucket', head);
    if (!key) return handleBucket(req, res, query);

    const uploadId = query.get('uploadId');
    if (req.method === 'PUT' && uploadId) {
      const upload = uploads.get(uploadId);
      if (!upload || upload.key !== key) return error(res, 404, 'NoSuchUpload');
      const body = await readBody(req);
      const etag = md5(body);
      upload.parts.set(Number(query.get('partNumber')), { body, etag, modifiedAt: new Date() });
      return send(res, 200, undefined, { ETag: etag });
    }
    if (req.method === 'PUT') {
      const body = await readBody(req);
      const stored = { body, contentType: req.headers['content-type'] ?? 'binary/octet-stream', metadata: metadataOf(req), tags: String(req.headers['x-amz-tagging'] ?? ''), modifiedAt: new Date(), etag: md5(body) };
      objects.set(key, stored);
      return send(res, 200, undefined, { ETag: stored.etag });
    }
    if (req.method === 'POST' && query.has('uploads')) {
      const id = randomUUID().replaceAll('-', '');
      uploads.set(id, { key, contentType: req.headers['content-type'] ?? 'binary/octet-stream', metadata: metadataOf(req), tags: String(req.headers['x-amz-tagging'] ?? ''), initiatedAt: new Date(), parts: new Map() });
      return send(res, 200, `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`);
    }
    if (req.method === 'POST' && uploadId) {
      const upload = uploads.get(uploadId);
      if (!upload || upload.key !== key) return error(res, 404, 'NoSuchUpload');
      const listed = [...(await readBody(req)).toString('utf8').matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) => Number(m[1]));
      if (listed.some((n) => !upload.parts.has(n))) return error(res, 400, 'InvalidPart');
      // Every part but the last has at least 5 MiB, as S3 requires (lib-storage and @tus/s3-store size them so).
      if (listed.slice(0, -1).some((n) => upload.parts.get(n)!.body.length < MIN_PART_BYTES)) return error(res, 400, 'EntityTooSmall');
      const body = Buffer.concat(listed.map((n) => upload.parts.get(n)!.body));
      // As S3: the MD5 of the parts' MD5s (binary, concatenated), then the number of parts.
      const digests = Buffer.concat(listed.map((n) => Buffer.from(upload.parts.get(n)!.etag.replaceAll('"', ''), 'hex')));
      const etag = `"${createHash('md5').update(digests).digest('hex')}-${listed.length}"`;
      objects.set(key, { body, contentType: upload.contentType, metadata: upload.metadata, tags: upload.tags, modifiedAt: new Date(), etag });
      uploads.delete(uploadId);
      return send(res, 200, `<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><ETag>${xmlEscape(etag)}</ETag></CompleteMultipartUploadResult>`);
    }
    if (req.method === 'GET' && uploadId) {
      const upload = uploads.get(uploadId);
      if (!upload || upload.key !== key) return error(res, 404, 'NoSuchUpload');
      const parts = [...upload.parts.entries()]
        .sort(([a], [b]) => a - b)
        .map(([n, p]) => `<Part><PartNumber>${n}</PartNumber><LastModified>${p.modifiedAt.toISOString()}</LastModified><ETag>${xmlEscape(p.etag)}</ETag><Size>${p.body.length}</Size></Part>`)
        .join('');
      return send(res, 200, `<ListPartsResult><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts}</ListPartsResult>`);
    }
    if (req.method === 'DELETE' && uploadId) {
      if (!uploads.delete(uploadId)) return error(res, 404, 'NoSuchUpload');
      return send(res, 204);
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      return send(res, 204);
    }
    if (req.method === 'GET' && query.has('tagging')) {
      const object = objects.get(key);
      if (!object) return error(res, 404, 'NoSuchKey');
      const tags = [...new URLSearchParams(object.tags)].map(([k, v]) => `<Tag><Key>${xmlEscape(k)}</Key><Value>${xmlEscape(v)}</Value></Tag>`);
      return send(res, 200, `<Tagging><TagSet>${tags.join('')}</TagSet></Tagging>`);
    }
    if (req.method === 'GET' || head) {
      const object = objects.get(key);
      if (!object) return error(res, 404, 'NoSuchKey', head);
      const headers: Record<string, string | number> = {
        'Content-Type': object.contentType,
        ETag: object.etag,
        'Last-Modified': object.modifiedAt.toUTCString(),
        'Accept-Ranges': 'bytes',
        ...object.metadata,
      };
      const range = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
      let body = object.body;
      let status = 200;
      if (range) {
        const start = Number(range[1]);
        const end = range[2] ? Math.min(Number(range[2]), body.length - 1) : body.length - 1;
        headers['Content-Range'] = `bytes ${start}-${end}/${body.length}`;
        body = body.subarray(start, end + 1);
        status = 206;
      }
      headers['Content-Length'] = body.length;
      res.writeHead(status, headers);
      res.end(head ? undefined : body);
      return;
    }
    error(res, 405, 'MethodNotAllowed');
  }

  async function handleBucket(req: IncomingMessage, res: ServerResponse, query: URLSearchParams): Promise<void> {
    if (req.method === 'HEAD') return send(res, 200);
    if (req.method === 'POST' && query.has('delete')) {
      const keys = [...(await readBody(req)).toString('utf8').matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1].replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
      for (const key of keys) objects.delete(key);
      return send(res, 200, `<DeleteResult>${keys.map((k) => `<Deleted><Key>${xmlEscape(k)}</Key></Deleted>`).join('')}</DeleteResult>`);
    }
    if (req.method === 'GET' && query.has('uploads')) {
      const prefix = query.get('prefix') ?? '';
      const listed = [...uploads.entries()]
        .filter(([, u]) => u.key.startsWith(prefix))
        .map(([id, u]) => `<Upload><Key>${xmlEscape(u.key)}</Key><UploadId>${id}</UploadId><Initiated>${u.initiatedAt.toISOString()}</Initiated></Upload>`)
        .join('');
      return send(res, 200, `<ListMultipartUploadsResult><Bucket>${bucket}</Bucket><Prefix>${xmlEscape(prefix)}</Prefix><IsTruncated>false</IsTruncated>${listed}</ListMultipartUploadsResult>`);
    }
    if (req.method === 'GET') return listObjects(res, query);
    error(res, 405, 'MethodNotAllowed');
  }

  /** ListObjectsV2: keys in order, folders collapsed at the delimiter, pages of max-keys with a continuation token. */
  function listObjects(res: ServerResponse, query: URLSearchParams): void {
    const prefix = query.get('prefix') ?? '';
    const delimiter = query.get('delimiter') ?? '';
    const maxKeys = Number(query.get('max-keys') ?? 1000);
    const after = query.get('continuation-token') ?? '';
    const contents: string[] = [];
    const prefixes = new Set<string>();
    let truncated = false;
    let last = '';
    for (const key of [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort()) {
      if (contents.length + prefixes.size >= maxKeys) {
        truncated = true;
        break;
      }
      const cut = delimiter ? key.indexOf(delimiter, prefix.length) : -1;
      if (cut >= 0) prefixes.add(key.slice(0, cut + delimiter.length));
      else {
        const o = objects.get(key)!;
        contents.push(`<Contents><Key>${xmlEscape(key)}</Key><LastModified>${o.modifiedAt.toISOString()}</LastModified><ETag>${xmlEscape(o.etag)}</ETag><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`);
      }
      last = key;
    }
    const common = [...prefixes].map((p) => `<CommonPrefixes><Prefix>${xmlEscape(p)}</Prefix></CommonPrefixes>`).join('');
    send(
      res,
      200,
      `<ListBucketResult><Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${contents.length + prefixes.size}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${xmlEscape(last)}</NextContinuationToken>` : ''}${contents.join('')}${common}</ListBucketResult>`,
    );
  }

  let server: Server;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((req, res) => {
        handle(req, res).catch(() => error(res, 500, 'InternalError'));
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();

  return {
    name: 'stand-in',
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    objects,
    uploads,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    start: listen,
  };
}

const STORAGE_ENV = ['STORAGE_DRIVER', 'S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_FORCE_PATH_STYLE', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'];

/**
 * Points this process's environment (and the API, worker and worker processes it starts) at a storage driver: local
 * disk, or the stand-in bucket. Returns what puts the environment back as it was.
 */
export function useStorageDriver(driver: 'local' | 's3', s3: S3TestServer | null): () => void {
  const saved = Object.fromEntries(STORAGE_ENV.map((name) => [name, process.env[name]]));
  if (driver === 's3' && s3) {
    Object.assign(process.env, {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'test-key',
      AWS_SECRET_ACCESS_KEY: 'test-secret',
    });
  } else process.env.STORAGE_DRIVER = 'local';
  return () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}
