import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { makeTalkingVideo } from '../../scripts/media/generate';
import { reportJsonKey } from '../../src/infra/storage/storage-keys';
import { QueueName } from '../../src/jobs/queues';
import { startApiApp } from '../support/api-app';
import { createTestUser, type TestUser } from '../support/firebase-emulator';
import { startS3StandIn, useStorageDriver, type S3StandIn } from '../support/s3-standin';
import { waitUntil } from '../support/wait';
import { startWorkerProcess, type WorkerProcess } from '../support/worker-process';

jest.setTimeout(600_000);

type Row = { id: string; status: string; error: string | null };


/**
 * Two built workers as separate processes on the same PostgreSQL and Redis (and nothing else shared but what the
 * storage driver shares): every job runs exactly once, and a worker killed mid-job loses nothing to the other.
 * "Runs" are counted from the workers' own "analysis of … started" log lines, one per run of the processor.
 * On S3 each worker gets a storage folder of its own: nothing but PostgreSQL, Redis and the bucket is shared.
 */
describe.each(['local', 's3'] as const)('a fleet of two worker processes on %s storage', (driver) => {
  let s3: S3StandIn | null = null;
  let restoreEnv: (() => void) | undefined;
  let api: NestExpressApplication;
  let db: DataSource;
  let queue: Queue;
  let media: string;
  let creator: TestUser;
  const workers: WorkerProcess[] = [];

  /** The pids of the workers that started an analysis of the report, in the order they started it. */
  const startsOf = (reportId: string) =>
    workers
      .flatMap((w) => w.lines.filter((l) => l.reportId === reportId && / started$/.test(l.msg)).map((l) => ({ pid: w.pid, time: l.time })))
      .sort((a, b) => a.time - b.time)
      .map((start) => start.pid);
  const rowsOf = async (ids: string[]) => (await db.query('SELECT id, status, error FROM reports WHERE id = ANY($1)', [ids])) as Row[];
  const upload = async (file: string) =>
    (await request(api.getHttpServer()).post('/api/upload/').set({ Authorization: `Bearer ${creator.idToken}` }).attach('file', file).expect(200)).body
      .reportId as string;
  const finished = (ids: string[], what: string, timeoutMs: number) =>
    waitUntil(
      async () => {
        const rows = await rowsOf(ids);
        return rows.length === ids.length && rows.every((r) => r.status !== 'processing') && rows;
      },
      what,
      timeoutMs,
      250,
    );

  beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), 'preflight-fleet-'));
    if (driver === 's3') s3 = await startS3StandIn();
    restoreEnv = useStorageDriver(driver, s3);
    api = await startApiApp();
    db = api.get<DataSource>(getDataSourceToken());
    queue = new Queue(QueueName.Analysis, { connection: { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' }, prefix: process.env.QUEUE_PREFIX });
    // A paying creator: ten uploads are beyond the free analysis.
    creator = await createTestUser('Fleet Creator');
    await request(api.getHttpServer()).get('/api/me').set({ Authorization: `Bearer ${creator.idToken}` }).expect(200);
    const [{ id }] = (await db.query('SELECT id FROM users WHERE firebase_uid = $1', [creator.uid])) as Array<{ id: string }>;
    await db.query(`INSERT INTO subscriptions (user_id, status, plan_type) VALUES ($1, 'active', 'creator_pro')`, [id]);
    // The workers inherit this process's environment (the run's database, queue prefix and storage driver).
    const ownDisk = (): Record<string, string> => (driver === 's3' ? { STORAGE_DIR: mkdtempSync(join(media, 'worker-disk-')) } : {});
    workers.push(...(await Promise.all([startWorkerProcess(ownDisk()), startWorkerProcess(ownDisk())])));
  });

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await queue?.close();
    await api?.close();
    await s3?.stop();
    restoreEnv?.();
    rmSync(media, { recursive: true, force: true });
  });

  it('runs each of ten jobs exactly once, spread over both workers, and completes them all', async () => {
    const { path } = await makeTalkingVideo({ dir: media, seconds: 4, width: 320, height: 240, name: 'short' });
    const ids: string[] = [];
    for (let i = 0; i < 10; i += 1) ids.push(await upload(path));

    const rows = await finished(ids, 'the ten analyses', 300_000);
    expect(rows.filter((r) => r.status !== 'completed')).toEqual([]);
    for (const id of ids) expect(startsOf(id)).toHaveLength(1);
    // BullMQ's own count agrees: each job was moved to active once (a lapsed lock would have moved it twice).
    const attempts = await Promise.all(ids.map(async (id) => (await queue.getJob(id))?.attemptsStarted));
    expect(attempts).toEqual(ids.map(() => 1));
    const byWorker = workers.map((w) => ids.filter((id) => startsOf(id)[0] === w.pid).length);
    expect(byWorker.reduce((a, b) => a + b, 0)).toBe(10);
    expect(byWorker.every((n) => n > 0)).toBe(true); // both took jobs from the one queue
    // On S3 the reports were written to the bucket (the workers' own folders are not where the API could read them).
    if (s3) for (const id of ids) expect(s3.objects.has(reportJsonKey(id))).toBe(true);
  });

  it('hands the job of a worker killed mid-analysis to the other, which completes it', async () => {
    // Long enough that a quiet machine is still decoding it when the test sees the job under way (30 s of video was
    // analysed before the kill landed).
    const { path } = await makeTalkingVideo({ dir: media, seconds: 120, width: 640, height: 360, name: 'long' });
    const reportId = await upload(path);
    // Mid-job: a worker has started it and reported progress beyond the first stage, and has not finished it.
    const [holderPid] = await waitUntil(async () => {
      const [row] = (await db.query('SELECT status, progress FROM reports WHERE id = $1', [reportId])) as Array<{ status: string; progress: number }>;
      return startsOf(reportId).length === 1 && row.status === 'processing' && row.progress > 5 && row.progress < 50 && startsOf(reportId);
    }, 'a worker to be in the middle of the analysis', 120_000, 50);
    const holder = workers.find((w) => w.pid === holderPid)!;
    const other = workers.find((w) => w.pid !== holderPid)!;
    const killedAt = Date.now();
    await holder.kill();
    expect((await rowsOf([reportId]))[0].status).toBe('processing'); // the kill really interrupted it
    await waitUntil(async () => startsOf(reportId).length >= 2, 'the other worker to start the job', 300_000, 100);
    console.log(`worker-fleet (${driver}): the other worker started the job ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the SIGKILL`);

    const [row] = await finished([reportId], 'the other worker to complete the job (after the lock of the dead one lapses)', 300_000);
    expect(row).toMatchObject({ status: 'completed', error: null });
    expect(startsOf(reportId)).toEqual([holder.pid, other.pid]);
    // The worker writes the row first, then tells BullMQ: the job's state follows a moment later.
    await waitUntil(async () => (await (await queue.getJob(reportId))?.getState()) === 'completed', 'BullMQ to record the job as completed', 60_000, 100);
    expect((await queue.getJob(reportId))?.returnvalue).toBe('completed');
  });
});
