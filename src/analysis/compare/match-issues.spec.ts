import type { Metrics, Report } from '@preflight/shared';
import { deriveReport } from '../derive';
import { contentSource, deadStretch, metricsOfSource, recut, type ContentSource } from '../../../test/support/analysis/cut-fixture';
import { compareReports } from './compare';
import { causeOf } from './match-issues';

/** A quiet mix (-26 LUFS: well under every platform's target), as the creator's clip in issue 41 has. */
function quiet(metrics: Metrics): Metrics {
  return { ...metrics, loudness: { ...metrics.loudness, integrated_lufs: -26 } };
}

function reportOf(src: ContentSource, name: string): { reportId: string; filename: string; report: Report } {
  const metrics = quiet(metricsOfSource(src));
  const videoInfo: Report['video_info'] = {
    original_filename: name, duration_seconds: metrics.duration_s, width: metrics.width, height: metrics.height,
    aspect_ratio: '9:16', orientation: 'vertical', rotation: 0, fps: 30, variable_frame_rate: false, video_codec: 'h264',
    audio_codec: 'aac', has_audio: true, file_size_bytes: 1_000_000, container: 'mov,mp4',
  };
  const report = deriveReport({ metrics, videoInfo, style: 'balanced', platform: 'tiktok', frames: [], transcript: null, analysisSeconds: 1, warnings: [] });
  const n = name.length.toString(16).padStart(12, '0');
  return { reportId: `00000000-0000-4000-8000-${n}`, filename: name, report };
}

// The walk of issue 41: a 60 s talking head with a 6 s silent title card, an 8 s pause at 0:25 and a dead ending,
// and its three trims (each removes one of them) and the cut that removes all three.
const source = deadStretch(deadStretch(deadStretch(contentSource(60, 41), 0, 6), 25, 33), 52, 60);
const cuts = {
  original: reportOf(source, 'original.mp4'),
  noIntro: reportOf(recut(source, [[6, 60]]), 'no-intro.mp4'),
  noPause: reportOf(recut(source, [[0, 25], [33, 60]]), 'no-pause-cut.mp4'),
  noEnding: reportOf(recut(source, [[0, 52]]), 'no-ending-cut-v2.mp4'),
  allThree: reportOf(recut(source, [[6, 25], [33, 52]]), 'all-three-cuts-v3.mp4'),
};
type Cut = keyof typeof cuts;
const names = Object.keys(cuts) as Cut[];
const pairings = names.flatMap((x) => names.filter((y) => y !== x).map((y) => [x, y] as [Cut, Cut]));

const causes = (r: Report) => r.prevention_analytics.prevention_fixes.map(causeOf).sort();
const compare = (x: Cut, y: Cut) => compareReports(cuts[x], cuts[y]);
const ids = (c: ReturnType<typeof compare>, state: string, s: 'a' | 'b') => c.issues.filter((i) => i.state === state).map((i) => i[s]!.issue_id).sort();

describe('matchIssues on the creator clip of issue 41 and its trims', () => {
  it('the clip has the findings the walk found (frozen intro, the pause, the dead ending, a quiet mix)', () => {
    const found = causes(cuts.original.report);
    for (const cause of ['hook-frozen-opening', 'loudness-quiet']) expect(found).toContain(cause);
    expect(found.some((c) => c === 'dead-air' || c === 'dead-segment')).toBe(true);
    expect(found).toContain('long-tail');
  });

  it.each(pairings)('%s against %s: every issue each report lists is counted once, with its own severity', (x, y) => {
    const c = compare(x, y);
    const [a, b] = [cuts[x].report, cuts[y].report];
    // "Issues N" is the number the report itself shows.
    expect(c.a.issue_count).toBe(a.prevention_analytics.prevention_fixes.length);
    expect(c.b.issue_count).toBe(b.prevention_analytics.prevention_fixes.length);
    const aSide = [...ids(c, 'fixed', 'a'), ...ids(c, 'remaining', 'a')].sort();
    const bSide = [...ids(c, 'new', 'b'), ...ids(c, 'remaining', 'b')].sort();
    expect(aSide).toEqual(a.prevention_analytics.prevention_fixes.map((i) => i.id).sort());
    expect(bSide).toEqual(b.prevention_analytics.prevention_fixes.map((i) => i.id).sort());
    // These cuts only remove: no cause is both fixed and new (one finding counted as gone and as come).
    const fixed = new Set(c.issues.filter((i) => i.state === 'fixed').map((i) => causeOf({ id: i.a!.issue_id })));
    const added = c.issues.filter((i) => i.state === 'new').map((i) => causeOf({ id: i.b!.issue_id }));
    expect(added.filter((cause) => fixed.has(cause))).toEqual([]);
    for (const issue of c.issues) {
      for (const [sideOf, report] of [['a', a], ['b', b]] as const) {
        const s = issue[sideOf];
        if (s) expect(s.severity).toBe(report.prevention_analytics.prevention_fixes.find((f) => f.id === s.issue_id)!.severity);
      }
    }
  });

  it.each(pairings)('%s against %s mirrors the other order: fixed in B going A→B is new in A going B→A', (x, y) => {
    const ab = compare(x, y);
    const ba = compare(y, x);
    expect(ids(ab, 'fixed', 'a')).toEqual(ids(ba, 'new', 'b'));
    expect(ids(ab, 'new', 'b')).toEqual(ids(ba, 'fixed', 'a'));
    const pairs = (c: typeof ab, first: 'a' | 'b') => c.issues.filter((i) => i.state === 'remaining').map((i) => `${i[first]!.issue_id}|${i[first === 'a' ? 'b' : 'a']!.issue_id}`).sort();
    expect(pairs(ab, 'a')).toEqual(pairs(ba, 'b'));
  });

  it('each trim fixes what it removed and keeps the quiet mix, in both orders', () => {
    const expectFixed: Array<[Cut, string[]]> = [
      ['noIntro', ['hook-frozen-opening']],
      ['noEnding', ['long-tail']],
      ['allThree', ['hook-frozen-opening', 'long-tail']],
    ];
    for (const [cut, gone] of expectFixed) {
      const ab = compare('original', cut);
      const ba = compare(cut, 'original');
      const fixedCauses = ab.issues.filter((i) => i.state === 'fixed').map((i) => causeOf({ id: i.a!.issue_id }));
      const newCausesBA = ba.issues.filter((i) => i.state === 'new').map((i) => causeOf({ id: i.b!.issue_id }));
      for (const cause of gone) {
        expect(fixedCauses).toContain(cause);
        expect(newCausesBA).toContain(cause);
      }
      for (const c of [ab, ba]) {
        const loud = c.issues.filter((i) => (i.a ?? i.b)!.issue_id.startsWith('loudness-quiet'));
        expect(loud.map((i) => i.state)).toEqual(['remaining']);
      }
    }
    // The 8 s pause removed: no silence of it is left in the cut.
    const pause = compare('original', 'noPause').issues.filter((i) => i.a && i.a.timestamp_s >= 24 && i.a.timestamp_s <= 26);
    expect(pause.length).toBeGreaterThan(0);
    for (const i of pause) expect(i.state).toBe('fixed');
  });
});
