import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { isDeepStrictEqual } from 'node:util';
import { findMotoServer, startMotoServer } from '../support/moto-server';
import { S3Bucket } from '../support/s3-bucket';
import { startS3StandIn } from '../support/s3-standin';
import { noteSkipped } from '../support/skip-notice';

/**
 * The in-house S3 stand-in against moto, call by call: every S3 operation the product makes (the adapter, lib-storage,
 * @tus/s3-store, the presigned URL ffprobe reads), sent to both, must be answered alike (as the SDK parses it; ids and
 * dates aside). A difference is a misreading of S3 in the stand-in, which the storage tests would otherwise share.
 */
jest.setTimeout(120_000);

const moto = findMotoServer();
const MIB = 1024 * 1024;

/** What an SDK call answered, without what differs by nature (ids, dates, request ids). */
async function outcome<T>(call: Promise<T>, pick: (answer: T) => unknown): Promise<unknown> {
  try {
    return { ok: await pick(await call) };
  } catch (error) {
    const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    return { error: e.name, status: e.$metadata?.httpStatusCode };
  }
}

/** The calls, in order, against one server; each answers what it saw. */
async function session(bucket: S3Bucket): Promise<Record<string, unknown>> {
  const c: S3Client = bucket.client;
  const Bucket = bucket.bucket;
  const seen: Record<string, unknown> = {};
  const body = (answer: { Body?: { transformToString(): Promise<string> } }) => answer.Body!.transformToString();

  seen.headBucket = await outcome(c.send(new HeadBucketCommand({ Bucket })), () => 'ok');
  seen.headMissingBucket = await outcome(c.send(new HeadBucketCommand({ Bucket: 'no-such-bucket' })), () => 'ok');

  seen.put = await outcome(
    c.send(new PutObjectCommand({ Bucket, Key: 'reports/r1_data/frames/0001.jpg', Body: 'frame bytes', ContentType: 'image/jpeg', Tagging: 'preflight-retention=frames' })),
    (a) => a.ETag,
  );
  seen.head = await outcome(c.send(new HeadObjectCommand({ Bucket, Key: 'reports/r1_data/frames/0001.jpg' })), (a) => [a.ContentType, a.ContentLength, a.ETag]);
  seen.tags = await bucket.tags('reports/r1_data/frames/0001.jpg');
  seen.getText = await outcome(c.send(new GetObjectCommand({ Bucket, Key: 'reports/r1_data/frames/0001.jpg' })), body);
  seen.getRange = await outcome(
    c.send(new GetObjectCommand({ Bucket, Key: 'reports/r1_data/frames/0001.jpg', Range: 'bytes=2-5' })),
    async (a) => [a.ContentRange, a.ContentLength, await body(a)],
  );
  seen.getMissing = await outcome(c.send(new GetObjectCommand({ Bucket, Key: 'uploads/none.mp4' })), () => 'found');
  seen.headMissing = await outcome(c.send(new HeadObjectCommand({ Bucket, Key: 'uploads/none.mp4' })), () => 'found');
  const signed = await getSignedUrl(c, new GetObjectCommand({ Bucket, Key: 'reports/r1_data/frames/0001.jpg' }), { expiresIn: 600 });
  const fetched = await fetch(signed);
  seen.presigned = [fetched.status, await fetched.text()];

  for (const key of ['reports/r1_data/report.json', 'reports/r1_data/frames/0002.jpg', 'reports/r2_data/report.json', 'uploads/a.mp4', 'uploads/b.mp4']) {
    await c.send(new PutObjectCommand({ Bucket, Key: key, Body: key }));
  }
  const list = (input: { Prefix?: string; Delimiter?: string; MaxKeys?: number; ContinuationToken?: string }) =>
    outcome(c.send(new ListObjectsV2Command({ Bucket, ...input })), (a) => ({
      keys: (a.Contents ?? []).map((o) => [o.Key, o.Size]),
      prefixes: (a.CommonPrefixes ?? []).map((p) => p.Prefix),
      count: a.KeyCount,
      truncated: a.IsTruncated,
      hasToken: Boolean(a.NextContinuationToken),
    }));
  seen.listDelimited = await list({ Prefix: 'reports/r1_data/', Delimiter: '/' });
  seen.listOne = await list({ Prefix: 'reports/', MaxKeys: 1 });
  seen.listNone = await list({ Prefix: 'nothing/', MaxKeys: 1 });
  const pages: string[][] = [];
  let token: string | undefined;
  do {
    const page = await c.send(new ListObjectsV2Command({ Bucket, Prefix: 'reports/', MaxKeys: 2, ContinuationToken: token }));
    pages.push((page.Contents ?? []).map((o) => o.Key!));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  seen.listPages = pages;

  seen.deleteMany = await outcome(
    c.send(new DeleteObjectsCommand({ Bucket, Delete: { Quiet: true, Objects: [{ Key: 'uploads/a.mp4' }, { Key: 'uploads/never-there.mp4' }] } })),
    (a) => ({ deleted: (a.Deleted ?? []).map((d) => d.Key), errors: a.Errors ?? [] }),
  );
  seen.deleteOne = await outcome(c.send(new DeleteObjectCommand({ Bucket, Key: 'uploads/b.mp4' })), () => 'ok');
  seen.deleteMissing = await outcome(c.send(new DeleteObjectCommand({ Bucket, Key: 'uploads/b.mp4' })), () => 'ok');
  seen.afterDeletes = await bucket.keys('uploads/');

  // Multipart, as lib-storage and @tus/s3-store send it: parts of 5 MiB but the last.
  const Key = 'uploads/mp-video.mp4';
  const { UploadId } = await c.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType: 'video/mp4', Tagging: 'preflight-retention=frames' }));
  const parts = [Buffer.alloc(5 * MIB, 1), Buffer.alloc(1000, 2)];
  const etags: string[] = [];
  for (const [i, part] of parts.entries()) {
    etags.push((await c.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: i + 1, Body: part }))).ETag!);
  }
  seen.partEtags = etags;
  seen.listParts = await outcome(c.send(new ListPartsCommand({ Bucket, Key, UploadId })), (a) => ({
    parts: (a.Parts ?? []).map((p) => [p.PartNumber, p.Size, p.ETag, p.LastModified instanceof Date]),
    truncated: a.IsTruncated,
  }));
  seen.listUploads = await outcome(c.send(new ListMultipartUploadsCommand({ Bucket, Prefix: 'uploads/' })), (a) => ({
    uploads: (a.Uploads ?? []).map((u) => [u.Key, u.UploadId === UploadId, u.Initiated instanceof Date]),
    truncated: a.IsTruncated,
  }));
  seen.listUploadsOtherPrefix = await outcome(c.send(new ListMultipartUploadsCommand({ Bucket, Prefix: 'reports/' })), (a) => a.Uploads ?? []);
  seen.complete = await outcome(
    c.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: etags.map((ETag, i) => ({ ETag, PartNumber: i + 1 })) } })),
    (a) => [a.Key, a.ETag],
  );
  seen.completed = await outcome(c.send(new HeadObjectCommand({ Bucket, Key })), (a) => [a.ContentType, a.ContentLength, a.ETag]);
  seen.completedTags = await bucket.tags(Key);
  seen.uploadsAfterComplete = await bucket.unfinishedUploads();

  // A part smaller than 5 MiB before the last: S3 refuses the completion.
  const small = await c.send(new CreateMultipartUploadCommand({ Bucket, Key: 'uploads/small.mp4' }));
  const smallEtags: string[] = [];
  for (const n of [1, 2]) {
    smallEtags.push((await c.send(new UploadPartCommand({ Bucket, Key: 'uploads/small.mp4', UploadId: small.UploadId, PartNumber: n, Body: Buffer.alloc(100, n) }))).ETag!);
  }
  seen.completeTooSmall = await outcome(
    c.send(
      new CompleteMultipartUploadCommand({
        Bucket,
        Key: 'uploads/small.mp4',
        UploadId: small.UploadId,
        MultipartUpload: { Parts: smallEtags.map((ETag, i) => ({ ETag, PartNumber: i + 1 })) },
      }),
    ),
    () => 'completed',
  );
  seen.abort = await outcome(c.send(new AbortMultipartUploadCommand({ Bucket, Key: 'uploads/small.mp4', UploadId: small.UploadId })), () => 'ok');
  seen.listPartsAborted = await outcome(c.send(new ListPartsCommand({ Bucket, Key: 'uploads/small.mp4', UploadId: small.UploadId })), () => 'listed');
  seen.abortUnknown = await outcome(c.send(new AbortMultipartUploadCommand({ Bucket, Key: 'uploads/small.mp4', UploadId: 'no-such-upload' })), () => 'ok');
  seen.uploadsAfterAbort = await bucket.unfinishedUploads();
  return seen;
}

(moto ? describe : describe.skip)(`the S3 stand-in answers as moto does${moto ? '' : ' (moto_server is not installed)'}`, () => {
  if (!moto) noteSkipped('S3 stand-in against moto: moto_server is not installed');
  let standIn: S3Bucket;
  let reference: S3Bucket;

  beforeAll(async () => {
    standIn = new S3Bucket(await startS3StandIn());
    reference = new S3Bucket(await startMotoServer(moto!));
  });

  afterAll(async () => {
    for (const bucket of [standIn, reference]) {
      bucket?.destroy();
      await bucket?.server.stop();
    }
  });

  it('every call the product makes, answered alike', async () => {
    const [ours, moto] = [await session(standIn), await session(reference)];
    // Every difference at once: the calls whose answers differ, side by side.
    const differing = Object.keys(moto).filter((call) => !isDeepStrictEqual(ours[call], moto[call]));
    expect(Object.fromEntries(differing.map((call) => [call, ours[call]]))).toEqual(Object.fromEntries(differing.map((call) => [call, moto[call]])));
    expect(Object.keys(ours)).toEqual(Object.keys(moto));
  });
});
