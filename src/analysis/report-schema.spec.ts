import * as fs from 'node:fs';
import * as path from 'node:path';
import { rederiveReport } from './index';
import { ReportSchema } from '@preflight/shared';
import { frameTimes } from './derive';

const dir = path.join(__dirname, '../../assets/sample-report');

describe('sample report fixture (assets/sample-report)', () => {
  const raw = JSON.parse(fs.readFileSync(path.join(dir, 'report.json'), 'utf8'));

  it('validates against the report schema and every frame exists', () => {
    const r = ReportSchema.parse(raw);
    for (const f of r.frames) expect(fs.existsSync(path.join(dir, f.path))).toBe(true);
    for (const f of r.predictive_frames) expect(fs.existsSync(path.join(dir, f.frame_image_path))).toBe(true);
    const bytes = fs.readdirSync(path.join(dir, 'frames')).reduce((a, f) => a + fs.statSync(path.join(dir, 'frames', f)).size, 0);
    expect(bytes + fs.statSync(path.join(dir, 'report.json')).size).toBeLessThan(1024 * 1024);
  });

  it('has issues of several severities, each with a timestamp, evidence and a fix', () => {
    const r = ReportSchema.parse(raw);
    const sev = new Set(r.detailed_analysis.map((d) => d.severity));
    expect(sev.size).toBeGreaterThanOrEqual(3);
    for (const f of r.prevention_analytics.prevention_fixes) {
      expect(f.evidence).toBeTruthy();
      expect(f.fix).toBeTruthy();
      expect(f.timestamp).toMatch(/^\d+:\d\d$/);
    }
    expect(r.segments.some((s) => s.rating === 'engaging')).toBe(true);
    expect(r.segments.some((s) => s.rating === 'flat')).toBe(true);
  });

  it('re-derives every style from metrics alone, finding a stored frame for every item', () => {
    for (const style of ['gentle', 'balanced', 'brutal'] as const) {
      const r = rederiveReport(raw, { style });
      expect(r.report_metadata.feedback_style).toBe(style);
      for (const d of r.detailed_analysis) expect(r.frames.map((f) => f.path)).toContain(d.frame_image_path);
    }
  });

  it('asks for frames at every issue and drop-off regardless of style', () => {
    const r = ReportSchema.parse(raw);
    const req = frameTimes(r.metrics, 'auto').filter((x) => x.exact).map((x) => x.time_s);
    for (const d of r.drop_offs) expect(req.some((t) => Math.abs(t - d.time_s) < 0.25)).toBe(true);
  });
});
