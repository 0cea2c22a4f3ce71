/**
 * Safe zones and burned-in captions through the real engine: generated vertical talking videos with captions drawn
 * by ffmpeg (bold white, black outline, as editors make them) mid-frame or under Instagram's bottom band, a handle
 * at the top, or no captions at all; and the real clips whose text and faces are known (shared/media).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { analyzeVideo, rederiveReport, type Report } from '../../src/analysis';
import { makeTalkingVideo, type MediaTruth } from '../../scripts/media/generate';

jest.setTimeout(300_000);
let dir: string;
const made: Record<string, { report: Report; truth: MediaTruth }> = {};
const check = (r: Report, id: string) => r.platform_preset!.checks.find((c) => c.id === id)!;
const titles = (r: Report) => r.prevention_analytics.prevention_fixes.map((f) => f.title);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-zones-'));
  const cases = {
    midCaptions: { captions: { at: 0.55 } },
    lowCaptions: { captions: { at: 0.85 }, overlayText: { text: '@preflight.app', at: 0.07 } },
    noCaptions: {},
  };
  for (const [name, extra] of Object.entries(cases)) {
    const v = await makeTalkingVideo({ dir, name, seconds: 12, width: 540, height: 960, ...extra });
    made[name] = { truth: v.truth, report: await analyzeVideo(v.path, { outDir: path.join(dir, name), platform: 'reels' }) };
  }
});
afterAll(() => dir && fs.rmSync(dir, { recursive: true, force: true }));

/** Words of a caption chunk read on a frame that match the chunk shown then (OCR may garble a letter or two). */
function readCorrectly(report: Report, truth: MediaTruth): number {
  let good = 0;
  for (const line of report.metrics.on_screen_text ?? []) {
    const shown = truth.captions.find((c) => line.time_s >= c.start_s - 0.1 && line.time_s <= c.end_s + 0.1);
    if (shown && line.text.split(/\s+/).some((w) => w.length >= 3 && shown.text.split(' ').includes(w))) good++;
  }
  return good;
}

describe('captions and safe zones on generated vertical video (Instagram Reels)', () => {
  it('captions mid-frame: read while spoken, in the safe zone, no finding', () => {
    const { report, truth } = made.midCaptions;
    const m = report.metrics;
    expect(m.vision_frames_s).toHaveLength(12);
    expect(readCorrectly(report, truth)).toBeGreaterThanOrEqual(4);
    expect(check(report, 'captions').status).toBe('pass');
    expect(check(report, 'safe_zone').status).toBe('pass');
    expect(titles(report)).not.toContain('No captions on a speech-led video');
  });

  it('captions and a handle under the interface: the safe-zone check fails with the frame, the bands and the box', () => {
    const { report } = made.lowCaptions;
    const zone = check(report, 'safe_zone');
    expect(zone.status).toBe('fail');
    expect(zone.evidence).toMatch(/sits in the (bottom 35 %|top 14 %) of the frame, which Instagram Reels' interface covers/);
    expect(zone.overlay!.zones).toContainEqual({ x: 0, y: 0.65, w: 1, h: 0.35 });
    expect(zone.overlay!.boxes.length).toBeGreaterThan(0);
    for (const b of zone.overlay!.boxes) expect(b.y + b.h / 2 > 0.65 || b.y + b.h / 2 < 0.14).toBe(true);
    // The issue points at a frame the report has (the frame the text was read on).
    const issue = report.prevention_analytics.prevention_fixes.find((f) => f.title === 'Text under the interface')!;
    expect(report.frames.some((f) => Math.abs(f.time_s - issue.timestamp_seconds) < 0.3)).toBe(true);
    // The handle is on every frame: a fixed overlay, read, but not counted as captions.
    expect(report.metrics.on_screen_text!.filter((l) => l.text.includes('preflight')).length).toBeGreaterThanOrEqual(6);
    expect(check(report, 'captions').status).toBe('pass');
  });

  it('no captions on a speech-led short is a finding with the frames it read', () => {
    const { report } = made.noCaptions;
    expect(check(report, 'captions')).toMatchObject({ status: 'fail', measured: expect.stringMatching(/^captions on 0 of \d+ frames read during speech$/) });
    expect(titles(report)).toContain('No captions on a speech-led video');
    expect(report.metrics.on_screen_text).toEqual([]);
    // Another platform from the same report, without reading again: YouTube does not ask for captions.
    const youtube = rederiveReport(report, { platform: 'youtube' });
    expect(check(youtube, 'captions').status).toBe('pass');
    expect(titles(youtube)).not.toContain('No captions on a speech-led video');
  });
});

const mediaDir = path.resolve(__dirname, '..', '..', '..', 'shared', 'media');
const maybe = fs.existsSync(path.join(mediaDir, 'truth.json')) ? describe : describe.skip;

maybe('text and faces on the real clips (shared/media)', () => {
  const analyse = (name: string, platform: 'reels' | 'auto' = 'auto') => analyzeVideo(path.join(mediaDir, name), { outDir: path.join(dir, `real-${name}`), platform });

  it('reads the Big Buck Bunny title card and nothing from the foliage; a close-up face is found on every frame', async () => {
    const bbb = (await analyse('mp_bbb_0_30.webm')).metrics;
    const words = (bbb.on_screen_text ?? []).map((l) => l.text).join(' ');
    expect(words).toMatch(/PEACH|PRESENTS|MOVIE/);
    for (const l of bbb.on_screen_text ?? []) expect(l.time_s).toBeGreaterThanOrEqual(20);
    const face = (await analyse('lp_d10.mp4')).metrics;
    expect(face.faces!.length).toBeGreaterThanOrEqual(face.vision_frames_s!.length - 2);
    expect(face.on_screen_text).toEqual([]);
  });

  it('a burned-in timecode is on-screen text but not captions: the talking card has none', async () => {
    const ae = await analyse('ae_example.mp4', 'reels');
    expect((ae.metrics.on_screen_text ?? []).some((l) => /\d\d:\d\d:\d\d/.test(l.text))).toBe(true);
    expect(check(ae, 'captions').measured).toMatch(/^captions on 0 of \d+ frames read during speech$/);
    // 16:9 shows in a band clear of the Reels interface.
    expect(check(ae, 'safe_zone').status).toBe('pass');
  });
});
