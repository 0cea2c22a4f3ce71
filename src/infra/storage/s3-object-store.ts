import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  type _Object,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Config } from '../../config/app-config';
import { filesBelow } from './local-object-store';
import type { LocalCopy, ObjectStore, StoredObject } from './object-store';
import { isFrameKey, nameOf } from './storage-keys';

/** ffprobe reads the upload through this URL while the API checks it: minutes are plenty. */
const PROBE_URL_SECONDS = 600;
/** The tag a bucket lifecycle rule can expire frames by (an S3 rule filters by one prefix, without wildcards). */
export const FRAME_TAG = 'preflight-retention=frames';
/** Files put at once by putFolder / fetched at once by localFolder (frames are small; the machine has few cores). */
const PARALLEL_TRANSFERS = 4;

/** The client for a bucket; credentials come from the AWS SDK's usual chain (AWS_ACCESS_KEY_ID…, profiles, roles). */
export function s3ClientFor(config: S3Config): S3Client {
  return new S3Client({ region: config.region, endpoint: config.endpoint ?? undefined, forcePathStyle: config.forcePathStyle });
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

/**
 * The S3 adapter (AWS or any S3-compatible store): keys are object keys in one bucket. Nothing is shared through a
 * disk, so API processes and workers may run on any machines.
 */
export class S3ObjectStore implements ObjectStore {
  readonly driver = 's3' as const;
  private readonly bucket: string;
  private readonly tagFrames: boolean;

  constructor(
    readonly client: S3Client,
    config: S3Config,
  ) {
    this.bucket = config.bucket;
    this.tagFrames = config.tagFrames;
  }

  /** Sent with the object itself (x-amz-tagging), on a single PUT and on a multipart upload alike. */
  private tagging(key: string): string | undefined {
    return this.tagFrames && isFrameKey(key) ? FRAME_TAG : undefined;
  }

  /** The bucket is provisioned outside the product (with its lifecycle rule, see docs/operations.md). */
  async prepare(): Promise<void> {}

  async checkWritable(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  /** Streamed in parts (lib-storage): a video of gigabytes never sits in memory. */
  async putFile(key: string, localPath: string, contentType?: string): Promise<void> {
    await new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: createReadStream(localPath), ContentType: contentType, Tagging: this.tagging(key) },
    }).done();
  }

  async putStream(key: string, body: Readable, contentType?: string): Promise<number> {
    let bytes = 0;
    body.on('data', (chunk: Buffer) => (bytes += chunk.length));
    await new Upload({ client: this.client, params: { Bucket: this.bucket, Key: key, Body: body, ContentType: contentType } }).done();
    return bytes;
  }

  async putBytes(key: string, bytes: Buffer | string, contentType?: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType, Tagging: this.tagging(key) }));
  }

  async putFolder(prefix: string, localDir: string): Promise<void> {
    const files = await filesBelow(localDir);
    await inBatches(files, PARALLEL_TRANSFERS, (file) =>
      this.putFile(`${prefix}${file}`, join(localDir, file), file.endsWith('.jpg') ? 'image/jpeg' : undefined),
    );
  }

  async getBytes(key: string): Promise<Buffer | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async getStream(key: string) {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return { stream: answer.Body as Readable, size: answer.ContentLength ?? 0, modifiedAt: answer.LastModified ?? new Date() };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async hasAnyUnder(prefix: string): Promise<boolean> {
    const answer = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, MaxKeys: 1 }));
    return (answer.KeyCount ?? answer.Contents?.length ?? 0) > 0;
  }

  async localFile(key: string, scratchDir: string): Promise<LocalCopy> {
    const path = join(scratchDir, `${randomUUID()}-${nameOf(key)}`);
    await this.download(key, path);
    return { path, release: () => rm(path, { force: true }) };
  }

  /** PDFs already rendered are not needed by anyone who asks for a folder (the PDF renderer): they stay behind. */
  async localFolder(prefix: string, scratchDir: string): Promise<LocalCopy> {
    const dir = join(scratchDir, randomUUID());
    await mkdir(dir, { recursive: true });
    const wanted = (await this.listAll(prefix)).filter((object) => !object.Key!.endsWith('.pdf'));
    try {
      await inBatches(wanted, PARALLEL_TRANSFERS, (object) => this.download(object.Key!, join(dir, object.Key!.slice(prefix.length))));
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
    return { path: dir, release: () => rm(dir, { recursive: true, force: true }) };
  }

  probeSource(key: string): Promise<string> {
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: key }), { expiresIn: PROBE_URL_SECONDS });
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deleteUnder(prefix: string): Promise<void> {
    const keys = (await this.listAll(prefix)).map((object) => ({ Key: object.Key! }));
    for (let i = 0; i < keys.length; i += 1000) {
      await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys.slice(i, i + 1000), Quiet: true } }));
    }
  }

  async list(prefix: string): Promise<StoredObject[]> {
    const objects = await this.listAll(prefix, '/');
    return objects.map((object) => ({ key: object.Key!, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) }));
  }

  /**
   * Multipart uploads that were started and never completed or aborted (a killed API process, a resumable upload the
   * creator gave up on). Their last activity is their newest part, or their start when they have none.
   */
  async abortStaleMultipartUploads(prefix: string, isStale: (key: string, lastActivity: Date) => boolean): Promise<number> {
    let aborted = 0;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const page = await this.client.send(
        new ListMultipartUploadsCommand({ Bucket: this.bucket, Prefix: prefix, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }),
      );
      for (const upload of page.Uploads ?? []) {
        const key = upload.Key!;
        const started = upload.Initiated ?? new Date(0);
        if (!isStale(key, started)) continue; // parts only come later: younger than its start, never stale
        if (!isStale(key, await this.lastPartAt(key, upload.UploadId!, started))) continue;
        await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: upload.UploadId }));
        aborted += 1;
      }
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
    return aborted;
  }

  private async lastPartAt(key: string, uploadId: string, started: Date): Promise<Date> {
    let latest = started;
    let marker: string | undefined;
    do {
      const page = await this.client.send(new ListPartsCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker }));
      for (const part of page.Parts ?? []) if (part.LastModified && part.LastModified > latest) latest = part.LastModified;
      marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
    } while (marker);
    return latest;
  }

  private async download(key: string, path: string): Promise<void> {
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    await mkdir(dirname(path), { recursive: true });
    await pipeline(answer.Body as Readable, createWriteStream(path));
  }

  /** Every object below a prefix; with a delimiter, only those directly below it. */
  private async listAll(prefix: string, delimiter?: string): Promise<_Object[]> {
    const objects: _Object[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, Delimiter: delimiter, ContinuationToken: token }),
      );
      objects.push(...(page.Contents ?? []));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return objects;
  }
}
