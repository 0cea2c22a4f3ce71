import { HttpException, Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { Server, type DataStore, type Upload } from '@tus/server';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { OBJECT_STORE, type ObjectStore } from '../../infra/storage/object-store';
import { uploadKey, UPLOADS_PREFIX } from '../../infra/storage/storage-keys';
import { StorageService } from '../../infra/storage/storage.service';
import type { AuthedRequest } from '../auth';
import { TrialGateService } from '../subscriptions';
import type { User } from '../users';
import { invalidTypeMessage, isAcceptedVideo, MAX_UPLOAD_BYTES, tooLargeMessage } from '@preflight/shared';
import { parseFeedbackStyle, parsePlatform, UploadService } from './upload.service';
import { discardRequestBody } from '../../common/discard-body';
import { reasonOf } from '../../common/http-exception.filter';
import { IdempotencyStore, type StoredAnswer } from './idempotency/idempotency-store';
import { UploadSlots } from './upload-slots';

export const TUS_PATH = '/api/upload/tus';

/** A replayed creation-with-upload's own bytes are not needed: read up to this much, then cut off. */
const TUS_REPLAY_DRAIN_BYTES = 32 * 1024 * 1024;
/** The headers of a creation answer that a replay repeats. */
const REPLAYED_HEADERS = ['location', 'tus-resumable', 'upload-offset', 'upload-expires', 'content-type'];

/**
 * Notes what tus-node-server answers (status, the creation headers, a small body) so that a retry with the same
 * Idempotency-Key can be given the same answer. Returns a function that reads the note once the answer is sent.
 */
function captureAnswer(res: ServerResponse): () => StoredAnswer | null {
  let status: number | null = null;
  const headers: Record<string, string> = {};
  const chunks: Buffer[] = [];
  const note = (name: string, value: unknown) => {
    if (REPLAYED_HEADERS.includes(name.toLowerCase()) && value !== undefined) headers[name.toLowerCase()] = String(value);
  };
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((code: number, ...rest: unknown[]) => {
    status = code;
    const given = rest.find((r) => r !== null && typeof r === 'object') as Record<string, unknown> | unknown[] | undefined;
    if (Array.isArray(given)) for (let i = 0; i + 1 < given.length; i += 2) note(String(given[i]), given[i + 1]);
    else if (given) for (const [name, value] of Object.entries(given)) note(name, value);
    for (const [name, value] of Object.entries(res.getHeaders())) note(name, value);
    return writeHead(code, ...rest);
  }) as typeof res.writeHead;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk === 'string' || chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk as Uint8Array));
    return end(chunk, ...rest);
  }) as typeof res.end;
  return () => {
    const code = status ?? (res.headersSent ? res.statusCode : null);
    if (code === null) return null;
    for (const [name, value] of Object.entries(res.getHeaders())) note(name, value);
    return { status: code, headers, body: Buffer.concat(chunks).toString('utf8') };
  };
}

/** Unfinished resumable uploads are kept this long for the creator to resume; the sweep removes them after. */
const RESUME_WINDOW_MS = 24 * 3600 * 1000;
/** The upload's name in its URL: 32 hex digits (a UUID without dashes). */
const UPLOAD_NAME = /^[0-9a-f]{32}$/;
/** S3 parts of 8 MiB (S3's minimum is 5 MiB): a 2 GB video stays far below the 10,000-part limit. */
const S3_PART_BYTES = 8 * 1024 * 1024;

/** tus-node-server hands hooks a web Request; on Node it carries the original request, where the guard put the user. */
type TusRequest = Request & { runtime?: { node?: { req: unknown } } };
type TusError = { status_code: number; body: string };

function tusError(status: number, message: string, reason?: string): TusError {
  return { status_code: status, body: JSON.stringify({ statusCode: status, message, ...(reason ? { reason } : {}) }) };
}

/** The id the request logger gave the final PATCH (the request that finished the upload). */
function requestIdOf(req: TusRequest): string | undefined {
  const id = (req.runtime?.node?.req as { id?: unknown } | undefined)?.id;
  return id === undefined ? undefined : String(id);
}

function userOf(req: TusRequest): User {
  const user = (req.runtime?.node?.req as AuthedRequest | undefined)?.auth?.user;
  if (!user) throw tusError(401, 'Authentication required');
  return user;
}

/**
 * Resumable uploads (tus 1.0) under /api/upload/tus. The global auth guard has verified the bearer token of every
 * request before it reaches here; this binds each upload to its creator (only they can resume or read it),
 * applies the same type, size and trial rules as multipart at creation, and hands the finished file to UploadService.
 * The final PATCH answers { reportId } as JSON.
 */
@Injectable()
export class TusUploadService implements OnModuleInit {
  private server: Server;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly storage: StorageService,
    @Inject(OBJECT_STORE) private readonly store: ObjectStore,
    private readonly gate: TrialGateService,
    private readonly uploads: UploadService,
    private readonly idempotency: IdempotencyStore,
    private readonly slots: UploadSlots,
  ) {}

  onModuleInit(): void {
    const { datastore, idPrefix, forget } = this.datastore();
    this.server = new Server({
      path: TUS_PATH,
      datastore,
      maxSize: MAX_UPLOAD_BYTES,
      relativeLocation: true,
      respectForwardedHeaders: false,
      // The URL carries the bare upload name; the id the datastore sees may add its folder in the bucket.
      namingFunction: () => `${idPrefix}${randomUUID().replaceAll('-', '')}`,
      generateUrl: (_req, { path, id }) => `${path}/${id.slice(idPrefix.length)}`,
      getFileIdFromRequest: (_req, name) => (name && UPLOAD_NAME.test(name) ? `${idPrefix}${name}` : undefined),
      onIncomingRequest: async (req: TusRequest, uploadId: string) => {
        const user = userOf(req);
        if (req.method === 'POST' || req.method === 'OPTIONS') return;
        const upload = await datastore.getUpload(uploadId).catch(() => null);
        if (!upload || upload.metadata?.userId !== user.id) throw tusError(404, 'Upload not found');
      },
      onUploadCreate: async (req: TusRequest, upload: Upload) => {
        const user = userOf(req);
        const metadata = upload.metadata ?? {};
        const filename = metadata.filename ?? metadata.name ?? '';
        const filetype = metadata.filetype ?? metadata.type ?? null;
        if (!isAcceptedVideo(filename, filetype)) throw tusError(415, invalidTypeMessage(filetype));
        if ((upload.size ?? 0) > MAX_UPLOAD_BYTES) throw tusError(413, tooLargeMessage(upload.size ?? 0));
        await this.asTus(async () => {
          parseFeedbackStyle(metadata.feedbackStyle);
          parsePlatform(metadata.platform);
          await this.gate.assertMayAnalyze(user.id);
        });
        return { metadata: { ...metadata, filename, filetype, userId: user.id } };
      },
      onUploadFinish: async (req: TusRequest, upload: Upload) => {
        const user = userOf(req);
        const metadata = upload.metadata ?? {};
        const result = await this.asTus(() =>
          this.uploads.accept(
            user,
            {
              key: uploadKey(upload.id.slice(idPrefix.length)),
              originalName: metadata.filename ?? 'video.mp4',
              mimeType: metadata.filetype ?? null,
              size: upload.size ?? upload.offset,
              protocol: 'tus',
            },
            { feedbackStyle: metadata.feedbackStyle, platform: metadata.platform },
            requestIdOf(req),
          ),
        );
        // Its resume record goes once the answer is sent: the creation-with-upload path still reads it after this hook
        // (deleting it here turned a successful upload into a 404).
        const forgetThis = () => void forget(upload.id).catch(() => undefined);
        const response = (req.runtime?.node as { res?: ServerResponse } | undefined)?.res;
        if (response) response.once('close', forgetThis);
        else forgetThis();
        return { status_code: 200, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(result) };
      },
    });
  }

  /**
   * Local disk: files in the uploads folder, resume records beside them. S3: the upload is an S3 multipart upload of
   * the object uploads/<name> (its record is uploads/<name>.info), so any API process can take the next PATCH.
   */
  private datastore(): { datastore: DataStore; idPrefix: string; forget: (id: string) => Promise<void> } {
    const storage = this.config.storage;
    if (storage.driver === 's3') {
      const { bucket, region, endpoint, forcePathStyle } = storage.s3;
      const datastore = new S3Store({
        s3ClientConfig: { bucket, region, endpoint: endpoint ?? undefined, forcePathStyle },
        partSize: S3_PART_BYTES,
        expirationPeriodInMilliseconds: RESUME_WINDOW_MS,
        useTags: false, // not every S3-compatible store keeps object tags; the sweep and the lifecycle rule clean up instead
      });
      return { datastore, idPrefix: UPLOADS_PREFIX, forget: (id) => this.store.delete(`${id}.info`) };
    }
    const datastore = new FileStore({ directory: this.storage.uploadsDir, expirationPeriodInMilliseconds: RESUME_WINDOW_MS });
    return { datastore, idPrefix: '', forget: (id) => datastore.configstore.delete(id) };
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!this.takeSlot(req, res)) return;
    const key = req.method === 'POST' ? IdempotencyStore.keyOf(req.headers['idempotency-key']) : null;
    const user = (req as AuthedRequest).auth?.user;
    if (!key || !user) return this.serve(req, res);
    // The creation request with an Idempotency-Key: a retry gets the first answer (the same upload URL), never a
    // second upload.
    const begun = await this.idempotency.begin(user.id, key, `POST ${TUS_PATH}`);
    if (begun.kind === 'replay') {
      await discardRequestBody(req, TUS_REPLAY_DRAIN_BYTES);
      res.writeHead(begun.answer.status, { ...begun.answer.headers, 'Idempotent-Replayed': 'true' });
      res.end(begun.answer.body);
      return;
    }
    const answer = captureAnswer(res);
    try {
      await this.serve(req, res);
    } finally {
      const captured = answer();
      if (captured && captured.status >= 200 && captured.status < 300) await begun.complete(captured);
      else await begun.release();
    }
  }

  /** A request that carries bytes (creation, PATCH) takes one of the creator's upload slots; false: refused with 429. */
  private takeSlot(req: IncomingMessage, res: ServerResponse): boolean {
    const user = (req as AuthedRequest).auth?.user;
    if (!user || (req.method !== 'POST' && req.method !== 'PATCH')) return true;
    try {
      this.slots.take(user.id, res);
      return true;
    } catch (error) {
      if (!(error instanceof HttpException)) throw error;
      const status = error.getStatus();
      res.writeHead(status, { 'Content-Type': 'application/json', 'Tus-Resumable': '1.0.0' });
      res.end(JSON.stringify({ statusCode: status, message: error.message, error: 'Too Many Requests' }));
      return false;
    }
  }

  private serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const declared = Number(req.headers['upload-length']);
    if (req.method === 'POST' && declared > MAX_UPLOAD_BYTES) {
      // tus answers a plain "Maximum size exceeded"; we add the limit (Tus-Max-Size) and the spec's sentence.
      res.writeHead(413, { 'Content-Type': 'application/json', 'Tus-Resumable': '1.0.0', 'Tus-Max-Size': String(MAX_UPLOAD_BYTES) });
      res.end(JSON.stringify({ statusCode: 413, message: tooLargeMessage(declared), error: 'Maximum size exceeded' }));
      return Promise.resolve();
    }
    return this.server.handle(req, res);
  }

  /** Runs a step that may throw Nest HTTP errors, turning them into tus error responses with a JSON message. */
  private async asTus<T>(step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (error) {
      if (error instanceof HttpException) throw tusError(error.getStatus(), error.message, reasonOf(error.getResponse()));
      throw error;
    }
  }
}
