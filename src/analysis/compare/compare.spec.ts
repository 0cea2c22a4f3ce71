import type { ComparedVersion, Metrics, Report } from '@preflight/shared';
import { ComparisonSchema } from '@preflight/shared';
import { deriveReport } from '../derive';
import { contentSource, deadStretch, metricsOfSource, recut, type ContentSource } from '../../../test/support/analysis/cut-fixture';
import { compareReports, verdict } from './compare';

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
    // Scores in A-then-B order, each named.
    expect(comparison.verdict).toMatch(new RegExp(`^(Post [AB]|Either cut) \\(score A ${comparison.a.overall_score}, B ${comparison.b.overall_score}[;)]`));
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

describe('compareReports in either order: the same answer, mirrored', () => {
  const source = deadStretch(contentSource(42, 5), 30, 36);
  /** The same content after a lossy re-encode: every level a little off, never the same samples. */
  const reencoded = (src: ContentSource): ContentSource => ({
    audio: src.audio.map((v, i) => v + 0.6 * Math.sin(i * 1.7)),
    luma: src.luma.map((v, i) => v + 1.5 * Math.cos(i * 2.3)),
    motion: src.motion.map((v, i) => Math.max(0, v + 0.4 * Math.sin(i * 0.9))),
  });
  const cases: Array<[string, ContentSource, boolean]> = [
    ['an 18 s trim of its 42 s original', recut(source, [[12, 30]]), true],
    ['a re-cut with a section moved', recut(source, [[20, 30], [0, 20], [36, 42]]), true],
    ['a re-encode', reencoded(source), true],
    ['an unrelated video', contentSource(30, 4242), false],
  ];
  const original = { reportId: A_ID, filename: 'original.mp4', report: reportOf(metricsOfSource(source)) };

  it.each(cases)('%s: same video or not, the same stretches and the same verdict whichever is A', (_name, other, same) => {
    const cut = { reportId: B_ID, filename: 'cut.mp4', report: reportOf(metricsOfSource(other)) };
    const ab = compareReports(original, cut);
    const ba = compareReports(cut, original);
    expect(ab.alignment.same_video).toBe(same);
    expect(ba.alignment.same_video).toBe(same);
    // Both directions of the match are reported, mirrored.
    expect(ab.alignment.coverage_a).toBe(ba.alignment.coverage_b);
    expect(ab.alignment.coverage_b).toBe(ba.alignment.coverage_a);
    if (same) expect(Math.max(ab.alignment.coverage_a, ab.alignment.coverage_b)).toBeGreaterThan(0.9);
    const matched = (c: typeof ab, first: 'a' | 'b') =>
      c.alignment.stretches
        .filter((st) => st.kind === 'matched')
        .map((st) => (first === 'a' ? [st.a_start_s, st.a_end_s, st.b_start_s, st.b_end_s] : [st.b_start_s, st.b_end_s, st.a_start_s, st.a_end_s]))
        .sort((x, y) => x[0]! - y[0]!);
    expect(matched(ab, 'a')).toEqual(matched(ba, 'b'));
    // The recommendation is mirrored, and the scores are printed A first.
    const mirror = { a: 'b', b: 'a', even: 'even' } as const;
    expect(ba.recommended).toBe(mirror[ab.recommended]);
    for (const c of [ab, ba]) {
      expect(c.verdict).toContain(`score A ${c.a.overall_score}, B ${c.b.overall_score}`);
      if (Math.abs(c.score_delta) >= 3) expect(c.verdict).not.toMatch(/alike/);
    }
    expect(ab.verdict.includes('two different videos')).toBe(!same);
    expect(ba.verdict.includes('two different videos')).toBe(!same);
  });
});

describe('verdict', () => {
  const v = (score: number, issues: number): ComparedVersion => ({
    report_id: A_ID, filename: 'x.mp4', duration_s: 30, overall_score: score, optimization_label: 'Needs Polish', platform: 'tiktok',
    predicted_hook_hold: 70, predicted_average_watch_pct: 60, issue_count: issues,
  });
  const even = [{ label: 'First 3 s', start_s: 0, end_s: 3, a_retention_pct: 80, b_retention_pct: 81, stronger: 'even' as const }];

  it('never says "hold viewers alike" next to a 32-point gap: the gap is put down to the issues', () => {
    const line = verdict(v(49, 6), v(81, 2), even, 'b', true);
    expect(line).toBe('Post B (score A 49, B 81): over the same viewing time the predicted curves stay within 2 points, so the gap comes from the issues (A has 6, B has 2); B has fewer or milder ones.');
    expect(verdict(v(70, 3), v(71, 3), even, 'even', true)).toBe('Either cut (score A 70, B 71): both hold viewers alike.');
  });
});

