import { FEEDBACK_STYLES, toReportView, type FeedbackStyle, type Metrics, type Report } from '@preflight/shared';
import { deriveReport } from '../derive';
import { metricsFixture } from '../../../test/support/analysis/metrics-fixture';

const info = (m: Metrics) => ({
  original_filename: 'x.mp4', duration_seconds: m.duration_s, width: m.width, height: m.height, aspect_ratio: '9:16',
  orientation: 'vertical' as const, rotation: 0, fps: 30, variable_frame_rate: false, video_codec: 'h264', audio_codec: 'aac',
  has_audio: m.has_audio, file_size_bytes: 1, container: 'mp4',
});
const derive = (m: Metrics, style: FeedbackStyle): Report => {
  const frames = Array.from({ length: Math.ceil(m.duration_s / 2) }, (_, i) => ({ time_s: i * 2, path: `frames/${i * 2}.jpg` }));
  return deriveReport({ metrics: m, videoInfo: info(m), style, platform: 'shorts', frames, transcript: null, analysisSeconds: 1, warnings: [] });
};
const view = (r: Report) => toReportView({ ...r, frames_expired: false });

/** Speech over [from, to) with the gaps between as silences, moving picture with a cut every 3 s outside `still`. */
function talkingHead(duration: number, speech: Array<[number, number]>, still: Array<[number, number]> = [], quiet = -14): Metrics {
  const silences: Array<{ start_s: number; end_s: number }> = [];
  let t = 0;
  for (const [a, b] of speech) {
    if (a > t) silences.push({ start_s: t, end_s: a });
    t = b;
  }
  if (t < duration) silences.push({ start_s: t, end_s: duration });
  const inStill = (s: number) => still.some(([a, b]) => s >= a && s < b);
  const secs = Math.ceil(duration);
  return metricsFixture({
    duration_s: duration,
    speech_segments: speech.map(([start_s, end_s]) => ({ start_s, end_s })),
    silences,
    static_segments: still.map(([start_s, end_s]) => ({ start_s, end_s })),
    frozen_segments: still.filter(([a]) => a === 0).map(([start_s, end_s]) => ({ start_s, end_s })),
    cuts: Array.from({ length: Math.floor(duration / 3) }, (_, i) => (i + 1) * 3).filter((c) => c < duration && !inStill(c) && !inStill(c - 0.01)),
    loudness: { integrated_lufs: quiet, true_peak_dbtp: -2, loudness_range_lu: 5, track: Array(secs).fill(quiet) },
    tracks: {
      interval_s: 1,
      motion: Array.from({ length: secs }, (_, i) => (inStill(i + 0.5) ? 0.1 : 6)),
      brightness: Array(secs).fill(110),
      saturation: Array(secs).fill(40),
      contrast: Array(secs).fill(120),
    },
  });
}

/** Reports where the order could disagree with the curve: a frozen opening against a pause mid-video, both ways round. */
const CASES: Record<string, Metrics> = {
  // The walk in issue 41: a 6 s silent title card, an 8 s pause at 0:25, a dead ending.
  'frozen opening, a pause and a dead ending': talkingHead(60, [[6, 25], [33, 52]], [[0, 6], [25, 33]]),
  // A good opening and one long, still, silent stretch in the middle.
  'a long still pause mid-video, good opening': talkingHead(40, [[0.2, 14], [26, 40]], [[14, 26]]),
  // A short frozen opening against a short pause.
  'short frozen opening, short pause': talkingHead(30, [[2.5, 15], [18.5, 30]], [[0, 2.5], [15, 18.5]]),
  // Quiet too: a global problem (the whole curve) against local ones.
  'quiet, frozen opening and a pause': talkingHead(45, [[4, 20], [27, 45]], [[0, 4], [20, 27]], -30),
};

const PAUSE_FIRST = 'a slow start against a long pause';
CASES[PAUSE_FIRST] = talkingHead(40, [[1.6, 14], [26, 40]], [[14, 26]]);

describe('fixes in the order of the viewers each one loses (issue 41)', () => {
  for (const [name, m] of Object.entries(CASES)) {
    it(`${name}: the list, the urgent three, the headline and the chart agree`, () => {
      const r = derive(m, 'brutal');
      const v = view(r);
      const fixes = r.prevention_analytics.prevention_fixes;
      const gains = fixes.map((f) => f.retention_gain_pct!);
      // Every fix says what it buys, and the list is ordered by it.
      expect(gains.every((g) => typeof g === 'number' && g >= 0)).toBe(true);
      expect(gains).toEqual([...gains].sort((a, b) => b - a));
      expect(gains[0]).toBeGreaterThan(0);
      // The page shows the report's order; the urgent three are its top, and so are the top recommendations.
      expect(v.issues.map((i) => i.id)).toEqual(fixes.map((f) => f.id));
      expect(v.urgent.map((i) => i.id)).toEqual(fixes.slice(0, 3).map((f) => f.id));
      expect(r.overall_score_and_recommendations.top_recommendations.map((t) => t.split(' ')[0])).toEqual(v.urgent.map((i) => i.timestamp));
      for (const issue of v.issues) {
        const g = issue.retentionGain!;
        expect(issue.gainText).toBe(g > 0 ? `Fix this: about +${g >= 1 ? Math.round(g) : g} % still watching at ${v.duration}` : `Fix this: no predicted change in viewers still watching at ${v.duration}`);
      }
      // The headline names the first fix.
      expect(v.summary).toContain(`the biggest predicted loss is at ${v.urgent[0]!.timestamp}`);
      expect(v.summary.toLowerCase()).toContain(v.urgent[0]!.title.toLowerCase());
      // The chart names the fix that removes each drop-off; the first fix's drop-off is "fix #1", and the largest drop
      // on the chart is removed by one of the urgent three.
      const ranked = v.dropOffs.filter((d) => d.fixRank !== null);
      expect(ranked.length).toBeGreaterThan(0);
      for (const d of ranked) expect(d.label).toMatch(new RegExp(`· fix #${d.fixRank}$`));
      const first = v.dropOffs.filter((d) => d.fixRank === 1);
      if (r.drop_offs.some((d) => d.time_s <= v.urgent[0]!.seconds + 1 && (d.end_s ?? d.time_s) >= v.urgent[0]!.seconds)) expect(first.length).toBeGreaterThan(0);
      const biggest = [...v.dropOffs].sort((a, b) => b.loss - a.loss)[0]!;
      expect(biggest.fixRank).not.toBeNull();
      expect(biggest.fixRank!).toBeLessThanOrEqual(3);
    });
  }

  it('the order follows the model, not the category: a frozen opening first in one video, a pause first in another', () => {
    const frozen = derive(CASES['frozen opening, a pause and a dead ending']!, 'balanced').prevention_analytics.prevention_fixes;
    expect(frozen[0]!.category).toBe('hook');
    const pause = derive(CASES[PAUSE_FIRST]!, 'balanced').prevention_analytics.prevention_fixes;
    expect(pause[0]!.id).toMatch(/^dead-segment/);
    expect(pause.some((f) => f.category === 'hook')).toBe(true);
  });
});

describe('the feedback style changes the words only (issue 41)', () => {
  for (const [name, m] of Object.entries(CASES)) {
    it(`${name}: severities, order, urgent list and score are the same in every style`, () => {
      const reports = FEEDBACK_STYLES.map((style) => ({ style, r: derive(m, style) }));
      const brutal = reports.find((x) => x.style === 'brutal')!.r;
      const all = brutal.prevention_analytics.prevention_fixes.map((f) => f.id);
      for (const { r } of reports) {
        const v = view(r);
        const fixes = r.prevention_analytics.prevention_fixes;
        // Each style lists a prefix-ordered part of the one ranking (the same order), never leaving out an urgent fix.
        const ids = fixes.map((f) => f.id);
        expect(ids).toEqual(all.filter((id) => ids.includes(id)));
        expect(v.urgent.map((i) => i.id)).toEqual(all.slice(0, 3));
        for (const f of fixes) {
          const same = brutal.prevention_analytics.prevention_fixes.find((b) => b.id === f.id)!;
          expect([f.severity, f.impactScore, f.retention_gain_pct, f.timestamp]).toEqual([same.severity, same.impactScore, same.retention_gain_pct, same.timestamp]);
        }
        for (const d of r.detailed_analysis) expect(d.severity.toLowerCase() === 'critical' ? 'high' : d.severity.toLowerCase()).toBe(fixes.find((f) => f.id === d.id)!.severity);
        expect(r.overall_score_and_recommendations.overall_performance_score).toBe(brutal.overall_score_and_recommendations.overall_performance_score);
        expect(r.overall_score_and_recommendations.score_if_fixed).toBe(brutal.overall_score_and_recommendations.score_if_fixed);
        expect(r.overall_score_and_recommendations.top_recommendations.map((t) => t.split(' ')[0])).toEqual(brutal.overall_score_and_recommendations.top_recommendations.map((t) => t.split(' ')[0]));
      }
      // The words do change.
      const titles = new Set(reports.map(({ r }) => r.prevention_analytics.prevention_fixes[0]!.title));
      expect(titles.size).toBeGreaterThan(1);
    });
  }
});

describe('score_if_fixed (issue 41)', () => {
  it('a video whose problems are all fixable in the edit says what the fixes make it, in words', () => {
    const r = derive(CASES['frozen opening, a pause and a dead ending']!, 'balanced');
    const o = r.overall_score_and_recommendations;
    expect(o.score_if_fixed!).toBeGreaterThan(o.overall_performance_score + 30);
    expect(o.fixable_issue_count).toBe(r.report_metadata.candidate_issue_count);
    expect(o.summary).toContain(`Every problem found can be fixed in the edit: about ${o.score_if_fixed}/100 with the fixes below.`.slice(1));
    const v = view(r);
    expect(v.score.ifFixed).toEqual({
      score: o.score_if_fixed,
      allFixable: true,
      line: `${o.overall_performance_score} now → about ${o.score_if_fixed} with the ${r.prevention_analytics.prevention_fixes.length} fixes below`,
    });
    for (const style of FEEDBACK_STYLES) {
      const summary = derive(CASES['frozen opening, a pause and a dead ending']!, style).overall_score_and_recommendations.summary;
      expect(summary).toMatch(/every problem found can be fixed in the edit/i);
      expect(summary).not.toMatch(/fresh take|rebuild/i);
    }
  });

  it('a finding that needs new footage stays in the score: no sound keeps it low and the summary does not promise it', () => {
    const base = CASES[PAUSE_FIRST]!;
    const m = { ...base, has_audio: false, speech_segments: [], first_speech_s: null, last_speech_end_s: null, speech_ratio: 0, silences: [], loudness: { integrated_lufs: null, true_peak_dbtp: null, loudness_range_lu: null, track: [] } };
    const r = derive(m, 'balanced');
    const o = r.overall_score_and_recommendations;
    expect(r.prevention_analytics.prevention_fixes.some((f) => f.id.startsWith('no-audio'))).toBe(true);
    expect(o.fixable_issue_count!).toBeLessThan(r.report_metadata.candidate_issue_count);
    expect(o.summary).not.toContain('Every problem found can be fixed');
    expect(view(r).score.ifFixed?.allFixable ?? false).toBe(false);
  });

  it('is the same score function re-run: nothing to fix leaves the score as it is', () => {
    const clean = talkingHead(20, [[0.2, 19.8]]);
    const r = derive(clean, 'balanced');
    expect(r.overall_score_and_recommendations.score_if_fixed).toBeGreaterThanOrEqual(r.overall_score_and_recommendations.overall_performance_score);
    if (r.prevention_analytics.prevention_fixes.length === 0) expect(r.overall_score_and_recommendations.score_if_fixed).toBe(r.overall_score_and_recommendations.overall_performance_score);
  });
});

describe('the first screen speaks plainly (issue 41)', () => {
  it('no LUFS, LU or dBTP in the summary, the score line or the urgent fixes; the figures stay in the details', () => {
    const r = derive(CASES['quiet, frozen opening and a pause']!, 'balanced');
    const v = view(r);
    const units = /\b(LUFS|LU|dBTP)\b/;
    expect(v.summary).not.toMatch(units);
    expect(v.score.ifFixed?.line ?? '').not.toMatch(units);
    for (const issue of v.urgent) for (const text of Object.values(issue.plain)) if (typeof text === 'string') expect(text).not.toMatch(units);
    const quiet = v.issues.find((i) => i.id.startsWith('loudness-quiet'))!;
    expect(quiet.plain).toMatchObject({ technical: true, evidence: 'Much quieter than other videos on YouTube Shorts.' });
    expect(quiet.evidence).toMatch(/LUFS/);
    for (const d of v.dropOffs) expect(d.cause).not.toMatch(units);
  });
});

describe('small words (issue 41)', () => {
  it('"an 8.4 s pause", "a 6.5 s pause": the article follows the spoken number', () => {
    const words = (len: number) => {
      const m = talkingHead(40, [[0.2, 20], [20 + len, 40]]);
      const r = derive(m, 'gentle');
      return r.prevention_analytics.prevention_fixes.find((f) => f.id.startsWith('dead-air'))?.description ?? '';
    };
    expect(words(8.4)).toContain('There is an 8.4 s pause at 0:20');
    expect(words(6.5)).toContain('There is a 6.5 s pause at 0:20');
  });
});
