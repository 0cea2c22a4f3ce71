import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';

const ROOT = join(__dirname, '..', '..', '..');
const SAMPLE = join(ROOT, 'assets', 'sample-report');

/**
 * Gives the creator who just signed in one finished analysis: the engine's real sample report (report.json and its
 * frames) under their account, named `filename`, in the stack's own database and storage folder. Analysing a fresh
 * upload is covered by upload-and-report.spec.ts.
 */
export async function seedFinishedReport(filename: string): Promise<string> {
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    const data = JSON.parse(readFileSync(join(SAMPLE, 'report.json'), 'utf8'));
    const analytics = data.prevention_analytics;
    const { rows } = await db.query(
      `INSERT INTO reports (user_id, original_filename, status, progress, current_step, duration_seconds, viral_risk_score,
         drop_off_likelihood, watch_time_loss, prevention_roi, issues_count, analyzed_at)
       SELECT id, $1, 'completed', 100, 'completed', $2, $3, $4, $5, $6, $7, now() FROM users ORDER BY created_at DESC LIMIT 1
       RETURNING id`,
      [
        filename,
        data.video_info.duration_seconds,
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
    data.video_info.original_filename = filename;
    writeFileSync(join(folder, 'report.json'), JSON.stringify(data));
    return id;
  } finally {
    await db.end();
  }
}
