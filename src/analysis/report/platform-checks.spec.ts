import type { Metrics } from '@preflight/shared';
import { deriveReport } from '../derive';
import { metricsFixture } from '../../../test/support/analysis/metrics-fixture';

const info = (m: Metrics) => ({
  original_filename: 'x.mp4', duration_seconds: m.duration_s, width: m.width, height: m.height, aspect_ratio: '9:16',
  orientation: 'vertical' as const, rotation: 0, fps: 30, variable_frame_rate: false, video_codec: 'h264', audio_codec: 'aac',
  has_audio: m.has_audio, file_size_bytes: 1, container: 'mp4',
});
const derive = (m: Metrics, platform: 'auto' | 'tiktok' | 'shorts' | 'reels' | 'youtube', style: 'gentle' | 'balanced' | 'brutal' = 'balanced') =>
  deriveReport({ metrics: m, videoInfo: info(m), style, platform, frames: [{ time_s: 0, path: 'frames/0.jpg' }], transcript: null, analysisSeconds: 1, warnings: [] });
const checksOf = (m: Metrics, platform: Parameters<typeof derive>[1], style?: Parameters<typeof derive>[2]) => {
  const preset = derive(m, platform, style).platform_preset!;
  return { preset, byId: Object.fromEntries(preset.checks.map((c) => [c.id, c])) };
};

/** A 42 s vertical video that does everything right: speaks at once, cuts early, mixed at -14 LUFS. */
const good = (p: Partial<Metrics> = {}) =>
  metricsFixture({ duration_s: 42, speech_ratio: 0.94, speech_segments: [{ start_s: 0.3, end_s: 40 }], cuts: [1.2, 5, 9, 13, 17, 21, 25, 29, 33, 37], ...read(captioned), ...p });

/** Frames read every 3.5 s; `text` gives each frame's lines (box: a line across the middle unless given). */
type Line = { text: string; y?: number; h?: number };
function read(text: (t: number) => Line[], faces: (t: number) => Metrics['faces'] = () => []): Pick<Metrics, 'vision_frames_s' | 'on_screen_text' | 'faces'> {
  const frames = Array.from({ length: 12 }, (_, i) => 1 + i * 3.5);
  return {
    vision_frames_s: frames,
    on_screen_text: frames.flatMap((t) => text(t).map((l) => ({ time_s: t, text: l.text, confidence: 90, box: { x: 0.15, y: l.y ?? 0.5, w: 0.7, h: l.h ?? 0.04 } }))),
    faces: frames.flatMap((t) => faces(t) ?? []),
  };
}
/** Captions that change with the speech, mid-frame. */
const captioned = (t: number): Line[] => [{ text: `WORDS SAID AT ${Math.round(t)}` }];
const horizontal = { width: 1920, height: 1080, aspect_ratio: 1920 / 1080 };

describe('platform preset checks', () => {
  it('auto says what it saw and why it chose the platform', () => {
    expect(checksOf(good(), 'auto').preset).toMatchObject({
      platform: 'shorts',
      requested: 'auto',
      auto_reason: 'vertical 9:16, 0:42 → YouTube Shorts (vertical or square and up to 3:00)',
    });
    expect(checksOf(good({ duration_s: 300 }), 'auto').preset.auto_reason).toBe('vertical 9:16, 5:00 → TikTok (vertical or square, over 3:00 and up to 10:00)');
    expect(checksOf(good(horizontal), 'auto').preset.auto_reason).toBe('horizontal 16:9, 0:42 → YouTube (wider than square)');
    expect(checksOf(good(), 'tiktok').preset).toMatchObject({ platform: 'tiktok', requested: 'tiktok', auto_reason: null });
  });

  it('a video that fits passes every check, in order, with the measured values and the targets', () => {
    const { preset, byId } = checksOf(good(), 'reels');
    expect(preset.checks.map((c) => [c.id, c.status])).toEqual([['length', 'pass'], ['aspect', 'pass'], ['loudness', 'pass'], ['hook', 'pass'], ['safe_zone', 'pass'], ['captions', 'pass']]);
    expect(byId.length).toMatchObject({ measured: '0:42', target: 'up to 3:00', evidence: '0:42 is within the 3:00 Instagram Reels allows' });
    expect(byId.aspect).toMatchObject({ measured: '1080 × 1920 (9:16)', target: 'vertical 9:16' });
    expect(byId.loudness).toMatchObject({ measured: '-14.0 LUFS', target: '-14 LUFS' });
    expect(byId.hook.measured).toBe('first words at 0.3 s, first cut at 1.2 s');
    expect(byId.hook.target).toBe('a hook in the first 3 s');
    expect(byId.hook.evidence).toMatch(/predicted \d+ % still watching at 3 s \(model estimate\)/);
  });

  it('too long and too wide for YouTube Shorts fail with the finding as evidence; the same video passes on YouTube', () => {
    const long = good({ ...horizontal, duration_s: 240, speech_segments: [{ start_s: 0.3, end_s: 230 }] });
    const shorts = checksOf(long, 'shorts').byId;
    expect(shorts.length).toMatchObject({ status: 'fail', measured: '4:00', target: 'up to 3:00', evidence: '4:00 long; YouTube Shorts allows up to 3:00' });
    expect(shorts.aspect).toMatchObject({ status: 'fail', target: 'vertical or square' });
    expect(shorts.aspect.evidence).toContain('wider than square');
    const youtube = checksOf(long, 'youtube').byId;
    expect(youtube.length).toMatchObject({ status: 'pass', target: 'any length' });
    expect(youtube.aspect).toMatchObject({ status: 'pass', target: 'any shape' });
    expect(youtube.hook.target).toBe('a hook in the first 10 s');
  });

  it('horizontal on TikTok is a warning (it plays, small), not a failure', () => {
    expect(checksOf(good(horizontal), 'tiktok').byId.aspect).toMatchObject({ status: 'warn', measured: '1920 × 1080 (16:9)' });
  });

  it('loudness: a quiet mix fails against the -14 LUFS target, no audio track fails', () => {
    const quiet = good({ loudness: { integrated_lufs: -24, true_peak_dbtp: -8, loudness_range_lu: 5, track: Array(42).fill(-24) } });
    expect(checksOf(quiet, 'tiktok').byId.loudness).toMatchObject({ status: 'fail', measured: '-24.0 LUFS', target: '-14 LUFS' });
    expect(checksOf(quiet, 'tiktok').byId.loudness.evidence).toContain('10.0 LU under the -14 LUFS TikTok plays at');
    const mute = good({ has_audio: false, speech_segments: [], loudness: { integrated_lufs: null, true_peak_dbtp: null, loudness_range_lu: null, track: [] } });
    expect(checksOf(mute, 'tiktok').byId.loudness).toMatchObject({ status: 'fail', measured: 'no audio track', evidence: 'the file has no audio track' });
  });

  it('a slow hook fails the hook window check', () => {
    const slow = good({ speech_segments: [{ start_s: 4, end_s: 40 }], cuts: [6, 12, 18, 24, 30, 36] });
    expect(checksOf(slow, 'tiktok').byId.hook).toMatchObject({ status: 'fail', measured: 'first words at 4.0 s, first cut at 6.0 s' });
  });

  it('every feedback style sees the same checks (they come from all findings, not the ones a style shows)', () => {
    const quiet = good({ loudness: { integrated_lufs: -17, true_peak_dbtp: -4, loudness_range_lu: 5, track: Array(42).fill(-17) } });
    const [gentle, brutal] = (['gentle', 'brutal'] as const).map((style) => checksOf(quiet, 'tiktok', style).preset.checks);
    expect(gentle).toEqual(brutal);
    expect(gentle.find((c) => c.id === 'loudness')?.status).toBe('warn');
  });

  describe('safe zone and captions (from the text and faces read on the frames)', () => {
    it('text under the interface fails with the best-read line, its frame, the bands and the source', () => {
      const m = good(read((t) => [...captioned(t), ...(t > 10 ? [{ text: 'FOLLOW @MAKER', y: 0.88 }] : [])]));
      const { byId } = checksOf(m, 'reels');
      expect(byId.safe_zone).toMatchObject({ status: 'fail', measured: 'text under the interface on 9 of 12 frames read, faces on 0', target: 'clear of top 14 %, bottom 35 %, sides 6 %' });
      expect(byId.safe_zone.evidence).toBe('"FOLLOW @MAKER" at 0:11 sits in the bottom 35 % of the frame, which Instagram Reels\' interface covers (text there on 9 of 12 frames read) (Meta Business Help Center, Reels safe zones)');
      expect(byId.safe_zone.overlay).toEqual({ time_s: 11.5, zones: expect.arrayContaining([{ x: 0, y: 0.65, w: 1, h: 0.35 }]), boxes: [{ x: 0.15, y: 0.88, w: 0.7, h: 0.04 }] });
      expect(derive(m, 'reels').prevention_analytics.prevention_fixes.map((f) => f.title)).toContain('Text under the interface');
      // YouTube's player covers nothing; text at 70 % of the height is under Reels' bottom 35 % but above TikTok's 22 %.
      expect(checksOf(m, 'youtube').byId.safe_zone.status).toBe('pass');
      expect(checksOf(good(read((t) => [...captioned(t), { text: 'FOLLOW @MAKER', y: 0.7 }])), 'tiktok').byId.safe_zone.status).toBe('pass');
      expect(checksOf(good(read((t) => [...captioned(t), { text: 'FOLLOW @MAKER', y: 0.7 }])), 'reels').byId.safe_zone.status).toBe('fail');
    });

    it('a face under the buttons on most frames fails; on one frame it is a note; horizontal video has no zones', () => {
      const face = (y: number) => () => [{ time_s: 0, box: { x: 0.3, y, w: 0.4, h: 0.3 }, score: 0.9 }];
      const withFaces = (y: number, every = true) => {
        const r = read(captioned, face(y));
        r.faces = r.faces!.map((f, i) => ({ ...f, time_s: r.vision_frames_s![i] })).filter((_, i) => every || i === 0);
        return good(r);
      };
      expect(checksOf(withFaces(0.68), 'reels').byId.safe_zone.status).toBe('fail');
      expect(checksOf(withFaces(0.68, false), 'reels').byId.safe_zone.status).toBe('warn');
      expect(checksOf(withFaces(0.3), 'reels').byId.safe_zone.status).toBe('pass');
      expect(checksOf(good({ ...horizontal, ...read(() => [{ text: 'LOW TEXT', y: 0.9 }]) }), 'tiktok').byId.safe_zone).toMatchObject({ status: 'pass', evidence: '1920 × 1080 (16:9) is not full-screen vertical video: TikTok shows it in a band clear of its interface' });
    });

    it('a speech-led short without captions fails; a fixed overlay or numbers are not captions; YouTube does not ask', () => {
      const none = good(read(() => []));
      expect(checksOf(none, 'tiktok').byId.captions).toMatchObject({ status: 'fail', measured: 'captions on 0 of 12 frames read during speech', evidence: 'no caption text on any of the 12 frames read during speech; someone speaks for 94 % of the video' });
      expect(derive(none, 'tiktok').prevention_analytics.prevention_fixes.map((f) => f.title)).toContain('No captions on a speech-led video');
      // A handle on every frame and a running timecode are on screen all along, but they are not the words spoken.
      const overlayOnly = good(read((t) => [{ text: '@maker.studio', y: 0.2 }, { text: `00:00:${String(Math.round(t)).padStart(2, '0')}`, y: 0.3 }]));
      expect(checksOf(overlayOnly, 'reels').byId.captions.status).toBe('fail');
      expect(checksOf(good(), 'reels').byId.captions).toMatchObject({ status: 'pass', measured: 'captions on 12 of 12 frames read during speech' });
      expect(checksOf(none, 'youtube').byId.captions.status).toBe('pass');
      // Captions read on two frames of twelve: the reader missed the rest, the video is captioned.
      const twoRead = good(read((t) => (t < 5 ? captioned(t) : [])));
      expect(checksOf(twoRead, 'reels').byId.captions).toMatchObject({ status: 'pass', measured: 'captions on 2 of 12 frames read during speech' });
      expect(checksOf(twoRead, 'reels').byId.captions.evidence).toMatch(/captions read on several frames mean the video is captioned/);
      // Little speech: captions are optional.
      expect(checksOf(good({ ...read(() => []), speech_ratio: 0.1, speech_segments: [{ start_s: 1, end_s: 5 }] }), 'tiktok').byId.captions.status).toBe('pass');
    });

    it('a report made before text was read says both checks were not run', () => {
      const old = good({ vision_frames_s: undefined, on_screen_text: undefined, faces: undefined });
      const { byId } = checksOf(old, 'reels');
      expect(byId.safe_zone.status).toBe('not_run');
      expect(byId.captions).toMatchObject({ status: 'not_run', measured: 'not read' });
    });
  });
});
