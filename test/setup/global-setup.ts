import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source';
import { testRunIds } from './test-env';

/** Creates a database for this run, migrates it, and fixes the run's names in the environment for the test files. */
export default async function globalSetup(): Promise<void> {
  const ids = testRunIds();
  process.env.PREFLIGHT_TEST_RUN = ids.runId;
  process.env.DATABASE_URL = ids.databaseUrl;
  process.env.QUEUE_PREFIX = ids.queuePrefix;
  // The product's default storage folder (.data/storage, a dot path): a test-only folder once hid frames that 404ed
  // on a real start. Runs share it safely (report ids are UUIDs); teardown removes this run's report folders.
  delete process.env.STORAGE_DIR;
  process.env.NODE_ENV = 'test';
  // The tests stand where a reverse proxy would: one hop, so X-Forwarded-For names each test's client (the per-IP
  // rate limits), as behind a production load balancer with TRUST_PROXY=1. The product's default is 0.
  process.env.TRUST_PROXY = '1';
  process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'silent';

  const admin = new Client({ connectionString: ids.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${ids.database}"`);
  await admin.end();

  const db = new DataSource(dataSourceOptions(ids.databaseUrl));
  await db.initialize();
  await db.runMigrations();
  await db.destroy();

  // A private Firebase Auth emulator for the run (offline, demo project): tests sign users up and get real ID tokens.
  const services = (await import(join(__dirname, '..', '..', 'scripts', 'lib', 'services.mjs'))) as {
    freePort(): Promise<number>;
    startAuthEmulator(o: { projectId: string; port: number; children: unknown[]; workDir: string }): Promise<string>;
  };
  const children: unknown[] = [];
  (globalThis as { preflightTestChildren?: unknown[] }).preflightTestChildren = children;
  process.env.FIREBASE_PROJECT_ID = 'demo-preflight-test';
  process.env.FIREBASE_AUTH_EMULATOR_HOST = await services.startAuthEmulator({
    projectId: process.env.FIREBASE_PROJECT_ID,
    port: await services.freePort(),
    children,
    workDir: mkdtempSync(join(tmpdir(), 'preflight-test-firebase-')),
  });
}
