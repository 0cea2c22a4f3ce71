import {
  AbortMultipartUploadCommand,
  GetObjectTaggingCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';

/** An S3-compatible server a test started: the in-house stand-in or moto. */
export interface S3TestServer {
  name: 'stand-in' | 'moto';
  endpoint: string;
  bucket: string;
  /** Stops answering (the store is down); start() answers again on the same endpoint. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/**
 * What a test reads of a bucket, through the S3 API itself (the same calls on every server): the keys, an object's
 * tags, the unfinished multipart uploads.
 */
export class S3Bucket {
  readonly client: S3Client;

  constructor(readonly server: S3TestServer) {
    this.client = new S3Client({
      region: 'us-east-1',
      endpoint: server.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'test-key', secretAccessKey: 'test-secret' },
    });
  }

  get bucket(): string {
    return this.server.bucket;
  }

  async keys(prefix = ''): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      keys.push(...(page.Contents ?? []).map((object) => object.Key!));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async has(key: string): Promise<boolean> {
    return (await this.keys(key)).includes(key);
  }

  /** The object's tags as `key=value&…` (the form they are sent in), sorted. */
  async tags(key: string): Promise<string> {
    const { TagSet = [] } = await this.client.send(new GetObjectTaggingCommand({ Bucket: this.bucket, Key: key }));
    return TagSet.map((tag) => `${tag.Key}=${tag.Value}`)
      .sort()
      .join('&');
  }

  /** Keys of the multipart uploads started and neither completed nor aborted. */
  async unfinishedUploads(prefix = ''): Promise<{ key: string; uploadId: string }[]> {
    const { Uploads = [] } = await this.client.send(new ListMultipartUploadsCommand({ Bucket: this.bucket, Prefix: prefix }));
    return Uploads.map((upload) => ({ key: upload.Key!, uploadId: upload.UploadId! }));
  }

  async abortAll(prefix = ''): Promise<void> {
    for (const { key, uploadId } of await this.unfinishedUploads(prefix)) {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }));
    }
  }

  destroy(): void {
    this.client.destroy();
  }
}
