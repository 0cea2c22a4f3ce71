import type { Metrics } from '@preflight/shared';
import { metricsFixture } from '../../../test/support/analysis/metrics-fixture';
import { FrameGrid, frameRateOf } from './frame-grid';
import { evaluateEdit, modelOf } from './evaluate';
import { editMetrics, editSourceOf, keptPieces, proposeEdit, reviseEdit, type EditSource } from './index';
import { speechZones } from './propose';
import { keptOf, overlapOf, TimeMap } from './ranges';
import { DEFAULT_EDIT_SETTINGS } from './settings';

const seg = (start_s: number, end_s: number) => ({ start_s, end_s });
const source = (metrics: Metrics): EditSource => ({ metrics, platform: 'tiktok', calibration: null, transcript: null });

/** ae_example.mp4 as the truth describes it: talk to 17.3 s, 22.7 s of digital silence, a last phrase, silence. */
function aeLike(): Metrics {
  const speech = [seg(0.17, 0.65), seg(1.32, 4.71), seg(5.08, 10.36), seg(10.72, 12.98), seg(13.87, 17.3), seg(39.96, 40.56)];
  const D = 42.47;
  const track = Array.from({ length: 43 }, (_, i) => (i >= 18 && i < 40) || i >= 41 ? -70 : -18);
  return metricsFixture({
    duration_s: D,
    width: 1280,
    height: 720,
    speech_segments: speech,
    silences: [seg(0.65, 1.32), seg(12.98, 13.87), seg(17.3, 39.96), seg(40.56, D)],
    static_segments: [seg(0, D)],
    loudness: { integrated_lufs: -20, true_peak_dbtp: -3, loudness_range_lu: 4, track },
    tracks: { interval_s: 1, motion: Array(43).fill(0.3), brightness: Array(43).fill(120), saturation: Array(43).fill(60), contrast: Array(43).fill(60) },
  });
}

describe('the proposed edit', () => {
  it('removes the dead air and the dead ending of ae_example and keeps every word with its margins', () => {
    const m = aeLike();
    const edit = proposeEdit(source(m));
    const air = edit.cuts.find((c) => c.kind === 'dead_air' && c.start_s > 17 && c.end_s < 40)!;
    expect(air.start_s).toBeCloseTo(17.5667, 3); // 17.30 + 0.25, snapped up to frame 527 of 30 fps
    expect(air.end_s).toBeCloseTo(39.8, 3); // 39.96 - 0.15, snapped down to frame 1194
    expect(air.reason).toBe('0:17–0:39 dead air: 22 s with no speech and a static picture');
    expect(air.finding_id).toMatch(/^dead-(segment|air)-/);
    const ending = edit.cuts.find((c) => c.kind === 'dead_ending')!;
    expect(ending.start_s).toBeCloseTo(40.8333, 3);
    expect(ending.end_s).toBe(42.47);
    // The last phrase stays, with its margins.
    const zones = speechZones(m, DEFAULT_EDIT_SETTINGS);
    for (const c of edit.cuts) for (const z of zones) expect(overlapOf(c, z)).toBe(0);
    // Every edge on the 30 fps grid (the video's end excepted).
    for (const c of edit.cuts) for (const t of [c.start_s, c.end_s]) if (t !== m.duration_s) expect(Math.abs(t * 30 - Math.round(t * 30))).toBeLessThan(1e-4);
    expect(edit.audio_fade_s).toBeCloseTo(1 / 30, 6);
    expect(edit.fixed_finding_ids).toContain(air.finding_id);
    expect(edit.after.duration_s).toBeLessThan(edit.before.duration_s - 22);
    expect(edit.after.end_share_pct).toBeGreaterThan(edit.before.end_share_pct);
    // Silences under 0.6 s are left alone; the 0.67 s and 0.89 s pauses lose what the margins do not keep.
    for (const c of edit.cuts.filter((x) => x.kind === 'pause')) expect(c.end_s - c.start_s).toBeLessThan(0.5);
  });

  it('says so when nothing is worth removing', () => {
    const m = metricsFixture({ duration_s: 20, speech_segments: [seg(0.1, 9.8), seg(10.2, 19.9)], silences: [seg(9.8, 10.2)] });
    const edit = proposeEdit(source(m));
    expect(edit.cuts).toEqual([]);
    expect(edit.note).toMatch(/^Nothing worth removing/);
    expect(edit.kept_seconds).toBe(20);
    expect(edit.after).toEqual(edit.before);
  });

  it('cuts a slow start up to the first words, keeping the margin before them', () => {
    const m = metricsFixture({ duration_s: 20, speech_segments: [seg(3.2, 19.5)], silences: [seg(0, 3.2)], static_segments: [seg(0, 20)] });
    const edit = proposeEdit(source(m));
    expect(edit.cuts[0]).toMatchObject({ kind: 'slow_start', start_s: 0, reason: '0:00–0:03 slow start: 3.0 s before the first words (at 3.2 s) over a still picture' });
    expect(edit.cuts[0].end_s).toBeCloseTo(3.0333, 3);
    expect(edit.cuts[0].finding_id).toMatch(/^hook-slow-start-/);
    expect(edit.fixed_finding_ids).toContain(edit.cuts[0].finding_id);
  });

  it('shortens pauses between sentences to a set length when asked (off by default)', () => {
    const m = metricsFixture({ duration_s: 12, speech_segments: [seg(0.1, 5), seg(6.2, 11.9)], silences: [seg(5, 6.2)] });
    const removed = proposeEdit(source(m)).cuts;
    expect(removed).toHaveLength(1);
    expect(removed[0].end_s - removed[0].start_s).toBeCloseTo(0.8, 1);
    const shortened = proposeEdit(source(m), { shorten_pauses_to_s: 0.8 }).cuts;
    expect(shortened).toHaveLength(1);
    expect(6.2 - 5 - (shortened[0].end_s - shortened[0].start_s)).toBeCloseTo(0.8, 1);
  });

  it('never leaves a kept piece shorter than 0.5 s: the cuts beside it give it room', () => {
    const m = metricsFixture({ duration_s: 20, speech_segments: [seg(0.1, 5), seg(8.1, 8.2), seg(11, 19.9)], silences: [seg(5, 8.1), seg(8.2, 11)] });
    const edit = proposeEdit(source(m));
    for (const p of keptPieces(edit, m.duration_s)) expect(p.end_s - p.start_s).toBeGreaterThanOrEqual(0.5 - 1e-6);
  });

  it('snaps onto an NTSC grid as the rational 30000/1001, the cut shrinking', () => {
    expect(frameRateOf(29.97)).toEqual({ num: 30000, den: 1001 });
    expect(frameRateOf(23.976)).toEqual({ num: 24000, den: 1001 });
    expect(frameRateOf(25)).toEqual({ num: 25, den: 1 });
    // A variable-frame-rate average gets the nearest nominal rate.
    expect(frameRateOf(29.87)).toEqual({ num: 30000, den: 1001 });
    const grid = new FrameGrid({ num: 30000, den: 1001 }, 60);
    expect(grid.ceil(10)).toBeCloseTo((300 * 1001) / 30000, 5);
    expect(grid.ceil(10)).toBeGreaterThanOrEqual(10);
    expect(grid.floor(10)).toBeLessThanOrEqual(10);
    expect(grid.ceil(60)).toBe(60);
  });
});

describe('what the edit buys is the retention model re-run on the edited timeline', () => {
  const D = 60;
  const still = { tracks: { interval_s: 1 as const, motion: Array(D).fill(0.3), brightness: Array(D).fill(120), saturation: Array(D).fill(40), contrast: Array(D).fill(120) } };
  const loud = (silent: Array<[number, number]>) => Array.from({ length: D }, (_, i) => (silent.some(([a, b]) => i >= a && i < b) ? -70 : -16));

  it('removing dead air raises the curve after it and leaves the part before unchanged', () => {
    const m = metricsFixture({
      duration_s: D, ...still,
      speech_segments: [seg(0.3, 20), seg(35, 59.5)], silences: [seg(20, 35)], static_segments: [seg(0, D)],
      loudness: { integrated_lufs: -16, true_peak_dbtp: -2, loudness_range_lu: 5, track: loud([[20, 35]]) },
    });
    const src = source(m);
    const before = modelOf(src);
    const cut = seg(21, 34);
    const e = evaluateEdit(src, before, [cut]);
    const sb = before.model.survival;
    const sa = e.afterModel.survival;
    for (let i = 0; i <= 21; i++) expect(sa[i]).toBe(sb[i]);
    for (let t = 35; t <= 59; t++) expect(sa[Math.round(e.map.toEdited(t))]).toBeGreaterThan(sb[t]);
    expect(e.after.end_share_pct).toBeGreaterThan(e.before.end_share_pct);
  });

  it('removing speech (forced) lowers it: the silences either side become one long dead stretch', () => {
    const m = metricsFixture({
      duration_s: D, ...still,
      speech_segments: [seg(0.3, 20), seg(23, 25), seg(28, 59.5)], silences: [seg(20, 23), seg(25, 28)], static_segments: [seg(0, D)],
      loudness: { integrated_lufs: -16, true_peak_dbtp: -2, loudness_range_lu: 5, track: loud([[20, 23], [25, 28]]) },
    });
    const src = source(m);
    const before = modelOf(src);
    const e = evaluateEdit(src, before, [seg(23, 25)]);
    const sb = before.model.survival;
    const sa = e.afterModel.survival;
    // The model reads one second ahead (a still picture just before speech is a talking head), so the curve is the
    // same up to a second before the removed speech.
    for (let i = 0; i <= 22; i++) expect(sa[i]).toBe(sb[i]);
    for (let t = 28; t <= 59; t++) expect(sa[Math.round(e.map.toEdited(t))]).toBeLessThan(sb[t]);
  });
});

describe("a creator's cut list", () => {
  const m = aeLike();
  const src = source(m);
  const edit = proposeEdit(src);
  const change = (cuts: Array<{ start_s: number; end_s: number; enabled?: boolean }>, margins = {}) =>
    reviseEdit(src, edit, { cuts: cuts.map((c) => ({ enabled: true, ...c })), ...margins });

  it('keeps the finding and re-words the reason when an edge moves, and re-runs the model', () => {
    const r = change([{ start_s: 18, end_s: 39.8 }, { start_s: 40.9, end_s: 42.47, enabled: false }]);
    if (!r.ok) throw new Error(r.message);
    const air = edit.cuts.find((c) => c.kind === 'dead_air' && c.start_s > 17)!;
    expect(r.edit.cuts[0]).toMatchObject({ kind: 'dead_air', finding_id: air.finding_id, reason: '0:18–0:39 dead air: 22 s with no speech and a static picture' });
    expect(r.edit.cuts[1].enabled).toBe(false);
    expect(r.edit.kept_seconds).toBeCloseTo(m.duration_s - 21.8, 2);
    expect(r.edit.after.duration_s).toBeCloseTo(r.edit.kept_seconds, 2);
  });

  it('refuses overlaps, ranges outside the video, cuts into speech and an edit that leaves nothing, naming the range', () => {
    expect(change([{ start_s: 18, end_s: 30 }, { start_s: 29, end_s: 35 }])).toEqual({ ok: false, message: 'Cut 2 (0:29.00–0:35.00) overlaps cut 1 (0:18.00–0:30.00).' });
    expect(change([{ start_s: 41, end_s: 50 }])).toEqual({ ok: false, message: 'Cut 1 (0:41.00–0:50.00) falls outside the video (0:00.00–0:42.47).' });
    expect(change([{ start_s: 17.4, end_s: 30 }])).toEqual({
      ok: false,
      message: 'Cut 1 (0:17.40–0:30.00) cuts into speech at 0:13.87–0:17.30 (the edit keeps 0.15 s before and 0.25 s after speech).',
    });
    // With the creator's own smaller margin it is allowed.
    expect(change([{ start_s: 17.4, end_s: 30 }], { margin_after_s: 0.05 }).ok).toBe(true);
    expect(change([{ start_s: 0, end_s: 42.47 }], { margin_before_s: 0, margin_after_s: 0 })).toMatchObject({ ok: false });
    const nothing = reviseEdit(source({ ...m, speech_segments: [], first_speech_s: null, last_speech_end_s: null }), edit, { cuts: [{ start_s: 0, end_s: 42.47, enabled: true }] });
    expect(nothing).toEqual({ ok: false, message: 'The enabled cuts leave nothing of the video to watch.' });
    expect(change([{ start_s: 20, end_s: 10 }])).toEqual({ ok: false, message: 'Cut 1 (0:20.00–0:10.00) ends before it starts.' });
  });

  it('refuses a list that would leave a piece shorter than 0.5 s between two cuts', () => {
    expect(change([{ start_s: 18, end_s: 25 }, { start_s: 25.3, end_s: 39 }])).toEqual({
      ok: false,
      message: 'Only 0.30 s would be kept between cut 1 and cut 2 (0:25.00–0:25.30); a kept piece is at least 0.5 s.',
    });
  });

  it('takes the removed ranges out of every signal and moves the rest to where it now plays', () => {
    const src = metricsFixture({
      duration_s: 20, cuts: [4, 15], speech_segments: [seg(0.5, 5), seg(12, 19)], silences: [seg(5, 12)],
      static_segments: [seg(5, 12)], loudness: { integrated_lufs: -16, true_peak_dbtp: -2, loudness_range_lu: 4, track: Array.from({ length: 20 }, (_, i) => i) },
    });
    const e = editMetrics(src, new TimeMap(keptOf([seg(5.5, 11.5)], 20)));
    expect(e.duration_s).toBe(14);
    expect(e.speech_segments).toEqual([seg(0.5, 5), seg(6, 13)]);
    expect(e.silences).toEqual([seg(5, 6)]);
    expect(e.cuts).toEqual([4, 9]);
    expect(e.last_speech_end_s).toBe(13);
    // Second 6 of the edit plays source second 12.
    expect(e.loudness.track).toHaveLength(14);
    expect(e.loudness.track[6]).toBe(12);
  });

  it('the time map sends kept source times to the edited timeline and back', () => {
    const map = new TimeMap(keptOf([seg(2, 5), seg(8, 9)], 12));
    expect(map.durationS).toBe(8);
    expect(map.toEdited(6)).toBe(3);
    expect(map.toSource(3)).toBe(6);
    expect(map.toEdited(3)).toBe(2);
    expect(map.segment(seg(1, 10))).toEqual([seg(1, 6)]);
  });

  it('reads what it needs from a stored report', () => {
    const s = editSourceOf({ metrics: m, report_metadata: { platform: 'shorts' }, transcript: null } as never);
    expect(s.platform).toBe('shorts');
  });
});
