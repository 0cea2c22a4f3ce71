import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { QueueEvents, type Queue } from 'bullmq';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { DataSource } from 'typeorm';
import { MULTIPART_UPLOAD_PREFIX, multipartUploadName } from '../../src/infra/storage/multipart-partial';
import { StorageService } from '../../src/infra/storage/storage.service';
import { QueueName } from '../../src/jobs/queues';
import { Report } from '../../src/modules/reports/report.entity';
import { User } from '../../src/modules/users/user.entity';
import { startWorker } from '../support/api-app';

describe('maintenance sweep through BullMQ (enqueue → worker → rows and files updated)', () => {
  let worker: INestApplicationContext;
  let db: DataSource;
  let storage: StorageService;
  let queue: Queue;
  let events: QueueEvents;

  beforeAll(async () => {
    worker = await startWorker();
    db = worker.get<DataSource>(getDataSourceToken());
    storage = worker.get(StorageService);
    await storage.ensureLayout();
    queue = worker.get<Queue>(getQueueToken(QueueName.Maintenance));
    events = new QueueEvents(QueueName.Maintenance, {
      connection: { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
      prefix: process.env.QUEUE_PREFIX,
    });
    await events.waitUntilReady();
  });

  afterAll(async () => {
    await events.close();
    await worker.close();
  });

  it('registers the hourly sweep and the minutely re-queue check', async () => {
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'maintenance-sweep', every: 3_600_000 }),
        expect.objectContaining({ key: 'maintenance-requeue', every: 60_000 }),
      ]),
    );
  });

  it('deletes finished uploads and frames past the 48-hour retention, and keeps the rest', async () => {
    const user = await db.getRepository(User).save({ firebaseUid: `sweep-${Date.now()}`, email: 'a@b.c', displayName: null });
    const reports = db.getRepository(Report);
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);

    // Rows hold the upload's key in the store (uploads/<name>); with the local driver that is its path below the folder.
    const finishedKey = `uploads/finished-${Date.now()}.mp4`;
    const runningKey = `uploads/running-${Date.now()}.mp4`;
    const finishedUpload = join(storage.root, finishedKey);
    const runningUpload = join(storage.root, runningKey);
    await writeFile(finishedUpload, 'video');
    await writeFile(runningUpload, 'video');
    const finished = await reports.save({ userId: user.id, originalFilename: 'a.mp4', status: 'completed', uploadPath: finishedKey, analyzedAt: hoursAgo(49) });
    const running = await reports.save({ userId: user.id, originalFilename: 'b.mp4', status: 'processing', uploadPath: runningKey });
    const recent = await reports.save({ userId: user.id, originalFilename: 'c.mp4', status: 'completed', analyzedAt: hoursAgo(2) });
    for (const report of [finished, recent]) {
      await mkdir(storage.framesDir(report.id), { recursive: true });
      await writeFile(join(storage.framesDir(report.id), '0001.jpg'), 'jpg');
      await writeFile(join(storage.reportDir(report.id), 'report.json'), '{}');
    }

    const job = await queue.add('sweep', {});
    const result = await job.waitUntilFinished(events, 30_000);
    // The database is shared by the whole tier: a report an earlier test file left finished with its upload is swept
    // too, so the counts are at least ours; what happened to this test's own rows and files is checked one by one below.
    expect(result.uploadsDeleted).toBeGreaterThanOrEqual(1);
    expect(result.frameFoldersDeleted).toBeGreaterThanOrEqual(1);

    expect(existsSync(finishedUpload)).toBe(false);
    expect(existsSync(runningUpload)).toBe(true);
    expect(existsSync(storage.framesDir(finished.id))).toBe(false);
    expect(existsSync(join(storage.reportDir(finished.id), 'report.json'))).toBe(true); // text and numbers stay
    expect(existsSync(storage.framesDir(recent.id))).toBe(true);

    const after = await reports.findOneByOrFail({ id: finished.id });
    expect(after.uploadPath).toBeNull();
    expect(after.framesDeletedAt).not.toBeNull();
    expect((await reports.findOneByOrFail({ id: running.id })).uploadPath).toBe(runningKey);
  });

  it('removes partial multipart uploads within a minute (the minute job), but never a referenced, growing, live or resumable one', async () => {
    const user = await db.getRepository(User).save({ firebaseUid: `partial-${Date.now()}`, email: 'p@b.c', displayName: null });
    const stamp = Date.now();
    const file = (name: string) => join(storage.uploadsDir, name);
    const elevenMinutesAgo = new Date(Date.now() - 11 * 60_000);
    const abandoned = file(`${MULTIPART_UPLOAD_PREFIX}abandoned-${stamp}.mp4`);
    const referenced = file(`${MULTIPART_UPLOAD_PREFIX}referenced-${stamp}.mp4`);
    const growing = file(`${MULTIPART_UPLOAD_PREFIX}growing-${stamp}.mp4`);
    const resumable = file(`tus-${stamp}`);
    // Written just now, but by a process on this machine that has exited: a partial at once, without the idle wait.
    const exited = spawnSync(process.execPath, ['-e', '0']).pid;
    const deadWriter = file(multipartUploadName(`dead-${stamp}`, '.mp4', undefined, exited));
    const liveWriter = file(multipartUploadName(`live-${stamp}`, '.mp4'));
    for (const path of [abandoned, referenced, growing, resumable, deadWriter, liveWriter]) await writeFile(path, 'partial video');
    for (const path of [abandoned, referenced, resumable]) await utimes(path, elevenMinutesAgo, elevenMinutesAgo);
    await db.getRepository(Report).save({ userId: user.id, originalFilename: 'r.mp4', status: 'processing', uploadPath: `uploads/${basename(referenced)}` });

    const job = await queue.add('requeue', {});
    const result = await job.waitUntilFinished(events, 30_000);
    expect(result).toMatchObject({ partialUploadsDeleted: 2 });
    expect([abandoned, deadWriter].map(existsSync)).toEqual([false, false]);
    expect([referenced, growing, resumable, liveWriter].map(existsSync)).toEqual([true, true, true, true]);
  });
});
