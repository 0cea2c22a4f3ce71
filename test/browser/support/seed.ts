import { createHash, randomBytes } from 'node:crypto';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Report } from '@preflight/shared';
import pg from 'pg';

const ROOT = join(__dirname, '..', '..', '..');
const SAMPLE = join(ROOT, 'assets', 'sample-report');

/** The engine's real sample report (a ~28 s vertical demo with four issues). */
export function sampleReport(): Report {
  return JSON.parse(readFileSync(join(SAMPLE, 'report.json'), 'utf8')) as Report;
}

/**
 * Gives the creator who just signed in one finished analysis: `report` (the engine's sample report unless given)
 * under their account, named `filename`, in the stack's own database and storage folder, with the sample's frame
 * images (a report's frames name files under frames/, which the sample folder holds). Analysing a fresh upload is
 * covered by upload-and-report.spec.ts.
 */
export async function seedFinishedReport(filename: string, report: Report = sampleReport()): Promise<string> {
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    const analytics = report.prevention_analytics;
    const { rows } = await db.query(
      `INSERT INTO reports (user_id, original_filename, status, progress, current_step, duration_seconds, viral_risk_score,
         drop_off_likelihood, watch_time_loss, prevention_roi, issues_count, analyzed_at)
       SELECT id, $1, 'completed', 100, 'completed', $2, $3, $4, $5, $6, $7, now() FROM users ORDER BY created_at DESC LIMIT 1
       RETURNING id`,
      [
        filename,
        report.video_info.duration_seconds,
        analytics.viral_risk_score,
        analytics.predicted_drop_off_rate,
        analytics.predicted_watch_time_loss,
        analytics.prevention_roi.total_roi,
        analytics.prevention_fixes.length,
      ],
    );
    const id: string = rows[0].id;
    const folder = join(resolve(ROOT, process.env.STORAGE_DIR ?? '.data/storage'), 'reports', `${id}_data`);
    cpSync(SAMPLE, folder, { recursive: true });
    writeFileSync(join(folder, 'report.json'), JSON.stringify({ ...report, video_info: { ...report.video_info, original_filename: filename } }));
    return id;
  } finally {
    await db.end();
  }
}

/**
 * A week-long public share link to a seeded report, as the share dialog makes one (only the token's SHA-256 is
 * stored); returns the token for /app/client/:token. Making links through the dialog is share-link.spec.ts's part.
 */
export async function seedShareLink(reportId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO share_links (report_id, token_hash, allow_download, show_sensitive_data, created_at, expires_at)
       VALUES ($1, $2, true, false, now(), now() + interval '7 days')`,
      [reportId, createHash('sha256').update(token, 'utf8').digest('hex')],
    );
    return token;
  } finally {
    await db.end();
  }
}

/** Puts the creator who just signed in on an active paid plan (a month left), so uploads are not held by the free limit. */
export async function seedPaidPlan(): Promise<void> {
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO subscriptions (user_id, status, plan_type, current_period_end)
       SELECT id, 'active', 'pro', now() + interval '30 days' FROM users ORDER BY created_at DESC LIMIT 1
       ON CONFLICT (user_id) DO UPDATE SET status = 'active', plan_type = 'pro', current_period_end = EXCLUDED.current_period_end`,
    );
  } finally {
    await db.end();
  }
}
