import type { Metrics } from '@preflight/shared';
import { deriveReport, type AiMeta } from '../derive';
import type { Transcript } from '../rules/rule';
import { metricsFixture } from '../../../test/support/analysis/metrics-fixture';

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
    expect(w.note).toBe('Words not checked: word checks are off on this server.');
    expect(JSON.stringify(w)).not.toMatch(/[A-Z]+_[A-Z_]+/);
    expect(w.checks.map((c) => [c.id, c.status])).toEqual([['opening_line', 'not_run'], ['hook_topic', 'not_run'], ['call_to_action', 'not_run'], ['filler_words', 'not_run'], ['speaking_rate', 'not_run'], ['captions_match', 'not_run']]);
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
    // hook_topic: the transcript carries no topic answer (made without one), so that check says it was not run
    expect(wordChecks(talking(), good, ok).checks.map((c) => c.status)).toEqual(['pass', 'not_run', 'pass', 'pass', 'pass', 'not_run']);
  });

  it("checks the hook's first sentence against the video's topic from the model's stored answer", () => {
    const base: Transcript = { text: 'This trick saves an hour. Follow for more.', segments: [{ start_s: 0.3, end_s: 3, text: 'This trick saves an hour.' }] };
    const check = (hook_topic: Transcript['hook_topic']) => wordChecks(talking(), { ...base, hook_topic }, ok).checks.find((c) => c.id === 'hook_topic')!;
    const on = check({ status: 'checked', hook: 'This trick saves an hour.', on_topic: true, hook_topic: 'an editing shortcut', video_topic: 'editing shortcuts', reason: 'same subject' });
    expect(on).toEqual({ id: 'hook_topic', status: 'pass', evidence: 'the first sentence "This trick saves an hour." is about an editing shortcut, as is the video (editing shortcuts)' });
    const off = check({ status: 'checked', hook: 'I quit my job.', on_topic: false, hook_topic: 'quitting a job', video_topic: 'a pasta recipe', reason: 'open with the dish instead' });
    expect(off.status).toBe('warn');
    expect(off.evidence).toBe('the first sentence "I quit my job." is about quitting a job, but the video is about a pasta recipe: open with the dish instead');
    expect(check({ status: 'failed', hook: 'x' })).toMatchObject({ status: 'not_run', evidence: 'Not run: the language model failed for this video.' });
    expect(check({ status: 'too_short', hook: 'Hi.' }).evidence).toMatch(/^Not run: too few words after the first sentence "Hi\." /);
  });
});

describe('word checks: filler words and speaking rate', () => {
  /** n segments of `seconds` each, back to back from 0.5 s, each saying `text`. */
  const steady = (n: number, seconds: number, text: string): Transcript => {
    const segments = Array.from({ length: n }, (_, k) => ({ start_s: 0.5 + k * seconds, end_s: 0.5 + (k + 1) * seconds, text }));
    return { text: segments.map((s) => s.text).join(' '), segments };
  };
  const long = () => metricsFixture({ duration_s: 60, speech_segments: [{ start_s: 0.3, end_s: 59.5 }] });
  const byId = (t: Transcript) => Object.fromEntries(wordChecks(long(), t, ok).checks.map((c) => [c.id, c]));

  it('flags a high filler rate as a finding with the measured counts, and carries the measures', () => {
    // 10 words a segment, 1 of them a filler: 10 per 100 words, over the conversational 6.
    const t = steady(10, 5, 'So um this edit trick saves me an hour daily.');
    const w = wordChecks(long(), t, ok);
    const filler = w.checks.find((c) => c.id === 'filler_words')!;
    expect(filler.status).toBe('fail');
    expect(filler.evidence).toBe('10 filler words ("um") in 100 words: 10 per 100 words, 12 per minute of speech');
    expect(w.pace).toMatchObject({ words: 100, speaking_s: 50, words_per_minute: 120, fillers: 10, fillers_per_minute: 12, fillers_per_100_words: 10, rate_changes: [] });
  });

  it('passes a clean delivery and a short clip with a lone "uh" (too few words for a rate)', () => {
    expect(byId(steady(10, 5, 'This edit trick saves me a whole hour every day.')).filler_words.status).toBe('pass');
    expect(byId(steady(2, 5, 'Uh this edit trick saves me an hour daily.')).filler_words.status).toBe('pass');
  });

  it('notes where the speaking rate changes sharply, with both rates', () => {
    const slow = 'This trick saves time.'; // 4 words in 2.5 s: 96 wpm
    const fast = 'This edit trick saves me a whole hour every single day.'; // 11 words in 2.5 s: 264 wpm
    const segments = [
      ...Array.from({ length: 4 }, (_, k) => ({ start_s: 0.5 + k * 2.5, end_s: 3 + k * 2.5, text: slow })),
      ...Array.from({ length: 4 }, (_, k) => ({ start_s: 10.5 + k * 2.5, end_s: 13 + k * 2.5, text: fast })),
    ];
    const rate = byId({ text: '', segments }).speaking_rate;
    expect(rate.status).toBe('warn');
    expect(rate.evidence).toBe('180 words per minute over 20 s of speech; the pace changes sharply at 0:10 from 96 to 264 words per minute');
    expect(byId(steady(10, 5, 'This edit trick saves me a whole hour every day.')).speaking_rate).toMatchObject({
      status: 'pass',
      evidence: '120 words per minute over 50 s of speech, at a steady pace',
    });
  });
});

describe('word checks: pace from word timestamps', () => {
  it('counts speaking time from the timed words (short pauses in, long pauses out) and dates the first filler to its word', () => {
    const long = metricsFixture({ duration_s: 30, speech_segments: [{ start_s: 0.3, end_s: 29 }] });
    // 40 words of 0.3 s, 0.1 s apart, then a 5 s pause, then 40 more; one "um" in the second half
    const words = Array.from({ length: 80 }, (_, i) => {
      const start = 0.5 + i * 0.4 + (i >= 40 ? 5 : 0);
      return { start_s: start, end_s: start + 0.3, word: i === 50 ? 'um' : 'word' };
    });
    const t: Transcript = { text: words.map((w) => w.word).join(' '), segments: [{ start_s: 0.5, end_s: 37, text: words.map((w) => w.word).join(' ') }], words };
    const pace = wordChecks(long, t, ok).pace!;
    // two runs of 40 words: 39 × 0.4 + 0.3 = 15.9 s each; the 5 s pause is not speaking
    expect(pace.speaking_s).toBe(31.8);
    expect(pace.words).toBe(80);
    expect(pace.first_filler_s).toBeCloseTo(words[50]!.start_s, 5);
  });
});

describe('captions vs speech', () => {
  const said: Transcript = {
    text: 'Most creators lose half their viewers. So start with the payoff.',
    segments: [{ start_s: 0.3, end_s: 3, text: 'Most creators lose half their viewers.' }, { start_s: 3.2, end_s: 6, text: 'So start with the payoff.' }],
    words: [['most', 0.3], ['creators', 0.7], ['lose', 1.2], ['half', 1.5], ['their', 1.9], ['viewers', 2.3], ['so', 3.2], ['start', 3.5], ['with', 3.9], ['the', 4.1], ['payoff', 4.4]].map(([word, t]) => ({ word: word as string, start_s: t as number, end_s: (t as number) + 0.3 })),
  };
  const captioned = (lines: Array<[number, string]>) =>
    metricsFixture({
      duration_s: 8, speech_ratio: 0.7, speech_segments: [{ start_s: 0.3, end_s: 6 }],
      vision_frames_s: lines.map(([t]) => t),
      on_screen_text: lines.map(([t, text]) => ({ time_s: t, text, confidence: 90, box: { x: 0.1, y: 0.5, w: 0.8, h: 0.04 } })),
    });
  const check = (m: Metrics) => wordChecks(m, said, ok).checks.find((c) => c.id === 'captions_match')!;

  it('captions that follow the words pass, one misread letter forgiven', () => {
    expect(check(captioned([[1, 'MOST CREATORS LOSE'], [2, 'HALF THEIR VIEWFRS'], [4, 'SO START WITH']]))).toEqual({
      id: 'captions_match', status: 'pass', evidence: '8 of 8 caption words read on 3 caption lines match words spoken within 3 s',
    });
  });

  it('captions of other words are a note naming the line', () => {
    const c = check(captioned([[1, 'BUY OUR COURSE'], [2, 'LINK IN BIO TODAY'], [4.5, 'START WITH THE PAYOFF']]));
    expect(c.status).toBe('warn');
    expect(c.evidence).toMatch(/^4 of 10 caption words .*; e\.g\. "BUY OUR COURSE" at 0:01 is not what is said then/);
  });

  it('is not run without captions on screen, or without text read', () => {
    expect(check(captioned([])).status).toBe('not_run');
    expect(check(metricsFixture({ duration_s: 8, speech_segments: [{ start_s: 0.3, end_s: 6 }] })).evidence).toMatch(/on-screen text was not read/);
  });
});
