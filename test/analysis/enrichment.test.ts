/**
 * Optional AI enrichment through the real `openai` SDK against the local stand-in (test/support/openai-standin.ts),
 * its fallbacks, and re-deriving a stored report for another style without decoding.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { analyzeVideo, rederiveReport, ReportSchema, type Report } from '../../src/analysis';
import { makeTalkingVideo } from '../../scripts/media/generate';
import { formFields, readForm, transcriptionAnswerProblems, transcriptionRequestProblems } from '../support/openai-contract';
import { startOpenAiStandIn, type StandIn } from '../support/openai-standin';

jest.setTimeout(120_000);

let dir: string;
let video: string;
const stands: StandIn[] = [];
const transcript = {
  text: 'Hey guys, welcome back to the channel. Today we talk about editing. That is it.',
  segments: [
    { start: 0.3, end: 2.9, text: 'Hey guys, welcome back to the channel.' },
    { start: 3.1, end: 5.8, text: 'Today we talk about editing.' },
    { start: 6.1, end: 7.9, text: 'That is it.' },
  ],
};

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-ai-'));
  video = (await makeTalkingVideo({ dir, seconds: 9 })).path;
});
afterAll(async () => {
  // Every transcription request sent and every answer given in this file matched OpenAI's description.
  expect(stands.flatMap((s) => s.violations)).toEqual([]);
  await Promise.all(stands.map((s) => s.close()));
  fs.rmSync(dir, { recursive: true, force: true });
});

async function run(name: string, opts: Parameters<typeof startOpenAiStandIn>[0]): Promise<{ report: Report; ai: StandIn }> {
  const ai = await startOpenAiStandIn(opts);
  stands.push(ai);
  const report = await analyzeVideo(video, {
    outDir: path.join(dir, name),
    style: 'brutal',
    platform: 'tiktok',
    openai: { apiKey: 'sk-test-not-a-real-key-123456', baseURL: ai.baseURL, timeoutMs: 10_000 },
  });
  return { report, ai };
}

describe('AI enrichment', () => {
  let ok: { report: Report; ai: StandIn };
  beforeAll(async () => {
    ok = await run('ok', { transcript });
  });

  it('transcribes the PCM from the decode pass (one WAV upload) and enables transcript rules', () => {
    const tr = ok.ai.requests.filter((r) => r.path === '/v1/audio/transcriptions');
    expect(tr).toHaveLength(1);
    expect(tr[0].headers.authorization).toBe('Bearer sk-test-not-a-real-key-123456');
    const body = tr[0].body.toString('latin1');
    expect(body).toContain('RIFF');
    expect(body).toContain('WAVEfmt ');
    expect(body).toContain('whisper-1');
    expect(ok.report.transcript?.segments).toHaveLength(3);
    const ids = ok.report.prevention_analytics.prevention_fixes.map((f) => f.id);
    expect(ids.some((id) => id.startsWith('hook-opening-line'))).toBe(true);
    expect(ids.some((id) => id.startsWith('missing-cta'))).toBe(true);
    const hook = ok.report.viral_hook.action_items.find((a) => a.id.startsWith('hook-opening-line'));
    expect(hook?.evidence).toContain('Hey guys, welcome back');
    expect(ok.report.word_checks).toMatchObject({ transcription: 'ok', note: 'Words checked from the transcript.' });
    // hook_topic: 9 words after the first sentence are too few to tell what the video is about
    expect(ok.report.word_checks?.checks.map((c) => [c.id, c.status])).toEqual([['opening_line', 'fail'], ['hook_topic', 'not_run'], ['call_to_action', 'fail'], ['filler_words', 'pass'], ['speaking_rate', 'pass'], ['captions_match', 'not_run']]);
    // captions_match: the video has no captions on screen, so there is nothing to compare
    expect(ok.report.word_checks?.checks.at(-1)?.evidence).toBe('Not run: no burned-in captions were found on the frames read, so there is nothing to compare.');
    // word-level timestamps asked for and kept
    expect(tr[0].body.toString('latin1')).toMatch(/timestamp_granularities\[\][\s\S]*word/);
    expect(ok.report.transcript?.words?.[0]).toMatchObject({ word: 'Hey', start_s: 0.3 });
    expect(ok.report.transcript?.words).toHaveLength(15);
    // from the words' times: the 0.2 s and 0.3 s pauses between the segments are part of speaking (under 0.5 s)
    expect(ok.report.word_checks?.pace).toMatchObject({ words: 15, speaking_s: 7.6, words_per_minute: 118, fillers: 0 });
  });

  it("sends the transcription request as OpenAI's OpenAPI description has it, and the stand-in answers as it has it", async () => {
    expect(ok.ai.checked).toBe(1);
    expect(ok.ai.violations).toEqual([]);
    const [sent] = ok.ai.requests.filter((r) => r.path === '/v1/audio/transcriptions');
    const fields = formFields(await readForm(sent.body, String(sent.headers['content-type'])));
    expect(fields).toEqual({ file: 'audio.wav', model: 'whisper-1', response_format: 'verbose_json', timestamp_granularities: ['word', 'segment'] });
    // The check is not vacuous: what the description refuses, it reports.
    expect(transcriptionRequestProblems({ ...fields, response_format: 'verbose' })).toEqual([expect.stringMatching(/^\/response_format must be equal to one of the allowed values/)]);
    expect(transcriptionRequestProblems({ file: 'audio.wav' })).toEqual(["(root) must have required property 'model'"]);
    expect(transcriptionRequestProblems({ ...fields, timestamp_granularity: 'word' })).toEqual(['(root) must NOT have additional properties']);
    // The stand-in's answer before this check: segments without whisper's decoding fields, no usage.
    const before = { language: 'english', duration: 0, text: 'Hi.', segments: [{ id: 0, start: 0, end: 1, text: 'Hi.' }] };
    expect(transcriptionAnswerProblems('verbose_json', before)).toEqual(
      ['seek', 'tokens', 'temperature', 'avg_logprob', 'compression_ratio', 'no_speech_prob'].map((field) => `/segments/0 must have required property '${field}'`),
    );
    expect(transcriptionAnswerProblems('verbose_json', { text: 'Hi.' })).toEqual(["(root) must have required property 'language'", "(root) must have required property 'duration'"]);
  });

  it('rewrites fixes with structured output validated by zod', () => {
    const chat = ok.ai.requests.filter((r) => r.path === '/v1/chat/completions');
    expect(chat).toHaveLength(1);
    const body = chat[0].json as { response_format: { type: string; json_schema: { strict: boolean } } };
    expect(body.response_format.type).toBe('json_schema');
    expect(body.response_format.json_schema.strict).toBe(true);
    for (const f of ok.report.prevention_analytics.prevention_fixes) expect(f.fix).toMatch(/^AI rewrite for /);
    expect(ok.report.report_metadata.ai_enrichment).toMatchObject({ status: 'ok', transcription: 'ok', rewrite: 'ok' });
  });

  it('falls back to the local result when the API fails, and notes it', async () => {
    const { report } = await run('fail', { failTranscription: 500, failChat: 500 });
    expect(report.report_metadata.ai_enrichment.status).toBe('failed');
    expect(report.report_metadata.ai_enrichment.error).toMatch(/local results used/);
    expect(report.report_metadata.ai_enrichment.error).not.toContain('sk-test');
    expect(report.transcript).toBeNull();
    expect(report.word_checks?.transcription).toBe('failed');
    expect(report.word_checks?.checks.every((c) => c.status === 'not_run')).toBe(true);
    for (const f of report.prevention_analytics.prevention_fixes) expect(f.fix).not.toMatch(/^AI rewrite/);
    expect(ReportSchema.safeParse(report).success).toBe(true);
  });

  it('rejects a malformed model answer (zod) but keeps the transcript', async () => {
    const { report } = await run('badjson', { transcript, chat: () => '{"fixes":[{"id":1}]}' });
    expect(report.report_metadata.ai_enrichment).toMatchObject({ status: 'partial', transcription: 'ok', rewrite: 'failed' });
    expect(report.transcript).not.toBeNull();
    for (const f of report.prevention_analytics.prevention_fixes) expect(f.fix).not.toMatch(/^AI rewrite/);
  });

  it('measures filler words per minute and the speaking rate from the timestamps the service returns', async () => {
    const line = 'Um so this edit uh trick saves me an hour, um, every single day of the week.';
    const { report } = await run('fillers', {
      transcript: {
        text: `${line} ${line} ${line}`,
        segments: [
          { start: 0.3, end: 3.3, text: line },
          { start: 3.3, end: 6.3, text: line },
          { start: 6.3, end: 8.9, text: line },
        ],
      },
    });
    // 3 × 17 words with 3 filled pauses each, over 8.6 s of speech.
    expect(report.word_checks?.pace).toMatchObject({ words: 51, fillers: 9, fillers_per_100_words: 17.6, fillers_per_minute: 62.8, words_per_minute: 356 });
    const filler = report.word_checks?.checks.find((c) => c.id === 'filler_words');
    expect(filler).toMatchObject({ status: 'fail', evidence: '9 filler words ("um", "uh") in 51 words: 17.6 per 100 words, 62.8 per minute of speech' });
    expect(report.prevention_analytics.prevention_fixes.some((f) => f.id.startsWith('filler-words'))).toBe(true);
  });

  it("checks the hook's first sentence against the rest of the video through the chat endpoint, and keeps the answer", async () => {
    const rest = 'Boil the pasta for nine minutes, keep a cup of the water, then toss it with butter, pepper and cheese until the sauce is glossy and thick.';
    const { report, ai } = await run('topic', {
      transcript: {
        text: `I quit my job last week. ${rest}`,
        segments: [
          { start: 0.3, end: 2, text: 'I quit my job last week.' },
          { start: 2.1, end: 8.8, text: rest },
        ],
      },
      hookTopic: { on_topic: false, hook_topic: 'quitting a job', video_topic: 'a pasta recipe', reason: 'Open with the finished dish instead.' },
    });
    const asked = ai.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => r.json as { response_format: { json_schema: { name: string } }; messages: Array<{ content: string }> });
    const topic = asked.find((r) => r.response_format.json_schema.name === 'hook_topic')!;
    expect(JSON.parse(topic.messages[1]!.content)).toEqual({ opening_line: 'I quit my job last week.', rest_of_transcript: rest });
    expect(report.transcript?.hook_topic).toMatchObject({ status: 'checked', on_topic: false, video_topic: 'a pasta recipe' });
    expect(report.word_checks?.checks.find((c) => c.id === 'hook_topic')).toEqual({
      id: 'hook_topic',
      status: 'warn',
      evidence: 'the first sentence "I quit my job last week." is about quitting a job, but the video is about a pasta recipe: Open with the finished dish instead.',
    });
    // kept through a re-derivation (no second call)
    expect(rederiveReport(report, { style: 'gentle' }).word_checks?.checks.find((c) => c.id === 'hook_topic')?.status).toBe('warn');
  });

  it('says "no speech found" when the service hears nothing, rather than leaving the words blank', async () => {
    const { report } = await run('silent-words', { transcript: { text: '', segments: [] } });
    expect(report.word_checks).toMatchObject({ transcription: 'no_speech', note: 'Words not checked: no speech found in the video.' });
  });
});

describe('rederiveReport', () => {
  it('re-derives another feedback style from the stored report without decoding', async () => {
    const out = path.join(dir, 'plain');
    const brutal = await analyzeVideo(video, { outDir: out, style: 'brutal', platform: 'tiktok' });
    // Without a speech-to-text service the report says the word checks are off here, naming no setting.
    expect(brutal.word_checks?.note).toBe('Words not checked: word checks are off on this server.');
    const stored = JSON.parse(fs.readFileSync(path.join(out, 'report.json'), 'utf8'));
    const t0 = Date.now();
    const gentle = rederiveReport(stored, { style: 'gentle' });
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(gentle.report_metadata.feedback_style).toBe('gentle');
    expect(gentle.report_metadata.rederived_from).toBe(brutal.report_metadata.generated_at);
    expect(gentle.metrics).toEqual(brutal.metrics);
    expect(gentle.prevention_analytics.viral_risk_score).toBe(brutal.prevention_analytics.viral_risk_score);
    expect(gentle.prevention_analytics.prevention_fixes.length).toBeLessThanOrEqual(3);
    for (const d of gentle.detailed_analysis) expect(fs.existsSync(path.join(out, d.frame_image_path!))).toBe(true);
    const again = rederiveReport(stored, { style: 'brutal' });
    expect(again.prevention_analytics.prevention_fixes).toEqual(brutal.prevention_analytics.prevention_fixes);
    const yt = rederiveReport(stored, { platform: 'youtube' });
    expect(yt.report_metadata.platform).toBe('youtube');
  });
});
