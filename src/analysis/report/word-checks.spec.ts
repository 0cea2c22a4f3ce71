import type { Metrics } from '@preflight/shared';
import { deriveReport, type AiMeta } from '../derive';
import type { Transcript } from '../rules/rule';
import { metricsFixture } from '../testing/metrics-fixture';

const info = (m: Metrics) => ({
  original_filename: 'x.mp4', duration_seconds: m.duration_s, width: m.width, height: m.height, aspect_ratio: '9:16',
  orientation: 'vertical' as const, rotation: 0, fps: 30, variable_frame_rate: false, video_codec: 'h264', audio_codec: 'aac',
  has_audio: m.has_audio, file_size_bytes: 1, container: 'mp4',
});
const ok: AiMeta = { status: 'ok', transcription: 'ok', rewrite: 'off' };
const wordChecks = (m: Metrics, transcript: Transcript | null, ai?: AiMeta) =>
  deriveReport({ metrics: m, videoInfo: info(m), style: 'balanced', platform: 'tiktok', frames: [], transcript, ai, analysisSeconds: 1, warnings: [] }).word_checks!;
const talking = () => metricsFixture({ duration_s: 20, speech_segments: [{ start_s: 0.3, end_s: 19.5 }] });

describe('word checks', () => {
  it('says which checks were not run and why when no speech-to-text service is configured', () => {
    const w = wordChecks(talking(), null);
    expect(w.transcription).toBe('not_configured');
    expect(w.note).toBe('Words not checked: no speech-to-text service is configured (OPENAI_API_KEY).');
    expect(w.checks.map((c) => [c.id, c.status])).toEqual([['opening_line', 'not_run'], ['call_to_action', 'not_run']]);
  });

  it('says the service failed rather than leaving a blank', () => {
    const w = wordChecks(talking(), null, { status: 'failed', transcription: 'failed', rewrite: 'off' });
    expect(w.transcription).toBe('failed');
    expect(w.checks.every((c) => c.status === 'not_run' && c.evidence.includes('failed'))).toBe(true);
  });

  it('says "no speech found" when the transcript is empty', () => {
    const w = wordChecks(talking(), { text: '', segments: [] }, ok);
    expect(w.transcription).toBe('no_speech');
    expect(w.note).toBe('Words not checked: no speech found in the video.');
  });

  it('says the video has no sound track when there is no audio to transcribe', () => {
    const w = wordChecks(metricsFixture({ duration_s: 20, has_audio: false, speech_segments: [] }), null);
    expect(w.transcription).toBe('no_audio');
  });

  it('runs the opening-line and call-to-action checks from the transcript, with the rule evidence', () => {
    const t: Transcript = {
      text: 'Hey guys welcome back. Here is the trick. That is all.',
      segments: [
        { start_s: 0.3, end_s: 2, text: 'Hey guys welcome back.' },
        { start_s: 2, end_s: 12, text: 'Here is the trick.' },
        { start_s: 12, end_s: 19.5, text: 'That is all.' },
      ],
    };
    const w = wordChecks(talking(), t, ok);
    expect(w.transcription).toBe('ok');
    const byId = Object.fromEntries(w.checks.map((c) => [c.id, c]));
    expect(byId.opening_line.status).toBe('fail');
    expect(byId.opening_line.evidence).toContain('Hey guys welcome back');
    expect(byId.call_to_action.status).toBe('fail');

    const good: Transcript = {
      text: 'This trick saves an hour. Follow for more.',
      segments: [
        { start_s: 0.3, end_s: 3, text: 'This trick saves an hour.' },
        { start_s: 16, end_s: 19.5, text: 'Follow for more.' },
      ],
    };
    expect(wordChecks(talking(), good, ok).checks.map((c) => c.status)).toEqual(['pass', 'pass']);
  });
});
