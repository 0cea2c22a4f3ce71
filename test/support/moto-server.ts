import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { delimiter, join } from 'node:path';
import type { S3TestServer } from './s3-bucket';
import { waitUntil } from './wait';

/**
 * moto's S3 (`moto_server`, the AWS mock of the Python and AWS SDK world), as a second S3 the storage tests run
 * against: a server nobody here wrote, so that a misreading of S3 shared by the adapter and test/support/s3-standin.ts
 * shows. Objects live in moto's memory; stop() ends the process and start() brings up an empty one on the same port
 * with the bucket created again.
 */

/** moto_server's path (MOTO_SERVER, else the first on PATH), or null where it is not installed. */
export function findMotoServer(): string | null {
  const candidates = process.env.MOTO_SERVER ? [process.env.MOTO_SERVER] : (process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'moto_server'));
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startMotoServer(executable: string, bucket = 'preflight-test'): Promise<S3TestServer> {
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let output = '';

  const start = async () => {
    output = '';
    const started = spawn(executable, ['-H', '127.0.0.1', '-p', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    started.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitUntil(
      async () => {
        if (started.exitCode !== null) throw new Error(`moto_server exited (${started.exitCode}): ${output}`);
        return fetch(`${endpoint}/moto-api/data.json`).then(
          (res) => res.ok,
          () => false,
        );
      },
      `moto_server on port ${port}`,
      60_000,
      100,
    );
    const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'test-key', secretAccessKey: 'test-secret' } });
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    client.destroy();
  };

  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    await exited;
  };

  await start().catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { name: 'moto', endpoint, bucket, start, stop };
}
