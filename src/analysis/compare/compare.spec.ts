import type { Metrics, Report } from '@preflight/shared';
import { ComparisonSchema } from '@preflight/shared';
import { deriveReport } from '../derive';
import { contentSource, deadStretch, metricsOfSource, recut } from '../testing/cut-fixture';
import { compareReports } from './compare';

function reportOf(metrics: Metrics): Report {
  const videoInfo: Report['video_info'] = {
    original_filename: 'cut.mp4', duration_seconds: metrics.duration_s, width: metrics.width, height: metrics.height,
    aspect_ratio: '9:16', orientation: 'vertical', rotation: 0, fps: 30, variable_frame_rate: false, video_codec: 'h264',
    audio_codec: 'aac', has_audio: true, file_size_bytes: 1_000_000, container: 'mov,mp4',
  };
  return deriveReport({ metrics, videoInfo, style: 'balanced', platform: 'tiktok', frames: [], transcript: null, analysisSeconds: 1, warnings: [] });
}

const A_ID = '00000000-0000-4000-8000-00000000000a';
const B_ID = '00000000-0000-4000-8000-00000000000b';

describe('compareReports', () => {
  // A: 50 s with a dead stretch (silence on a still) at 20-26 s; B: the same with a slow 3 s intro trimmed and the
  // dead stretch removed.
  const source = deadStretch(contentSource(50, 3), 20, 26);
  const a = reportOf(metricsOfSource(source));
  const b = reportOf(metricsOfSource(recut(source, [[3, 20], [26, 50]])));
  const comparison = compareReports({ reportId: A_ID, filename: 'v1.mp4', report: a }, { reportId: B_ID, filename: 'v2.mp4', report: b });

  it('answers the comparison contract', () => {
    expect(() => ComparisonSchema.parse(comparison)).not.toThrow();
  });

  it('lays out the aligned timeline: intro removed, matched, dead stretch removed, matched', () => {
    expect(comparison.alignment.same_video).toBe(true);
    const kinds = comparison.alignment.stretches.map((s) => s.kind);
    expect(kinds).toEqual(['removed', 'matched', 'removed', 'matched']);
    const dead = comparison.alignment.stretches[2];
    expect(Math.abs(dead.a_start_s! - 20)).toBeLessThanOrEqual(0.2);
    expect(Math.abs(dead.a_end_s! - 26)).toBeLessThanOrEqual(0.2);
    // the timeline is A's length (nothing added) and contiguous
    const last = comparison.alignment.stretches[comparison.alignment.stretches.length - 1];
    expect(last.aligned_end_s).toBeCloseTo(50, 1);
  });

  it('places both predicted curves on the aligned timeline', () => {
    const b0 = comparison.retention.b[0];
    expect(b0.t_s).toBe(0);
    expect(Math.abs(b0.aligned_s - 3)).toBeLessThanOrEqual(0.2);
    const b20 = comparison.retention.b.find((p) => p.t_s === 20)!;
    // B's 0:20 is A's 0:29 (3 s trimmed before it, 6 s removed)
    expect(Math.abs(b20.aligned_s - 29)).toBeLessThanOrEqual(0.2);
  });

  it('reports the removed dead stretch as fixed and keeps no issue of it in B', () => {
    const deadInA = a.detailed_analysis.filter((i) => i.timestamp_seconds >= 19 && i.timestamp_seconds <= 27);
    expect(deadInA.length).toBeGreaterThan(0);
    const fixedIds = comparison.issues.filter((i) => i.state === 'fixed').map((i) => i.a!.issue_id);
    for (const issue of deadInA) expect(fixedIds).toContain(issue.id);
  });

  it('says which cut to post in one line, from the scores and the windows', () => {
    expect(comparison.score_delta).toBe(comparison.b.overall_score - comparison.a.overall_score);
    expect(comparison.verdict).toMatch(/^(Post [AB]|Either cut) \(score \d+ vs \d+\)/);
    expect(comparison.windows[0].label).toMatch(/^First \d+ s$/);
    for (const w of comparison.windows.filter((x) => x.stronger !== 'even')) expect(comparison.verdict).toContain(w.stronger.toUpperCase());
  });

  it('compares two unrelated videos by score only, and says so', () => {
    const other = reportOf(metricsOfSource(contentSource(40, 999)));
    const c = compareReports({ reportId: A_ID, filename: 'v1.mp4', report: a }, { reportId: B_ID, filename: 'x.mp4', report: other });
    expect(c.alignment.same_video).toBe(false);
    expect(c.windows).toEqual([]);
    expect(c.verdict).toMatch(/two different videos/);
  });
});
