/**
 * Optional AI enrichment through the `openai` SDK (any compatible server via baseURL):
 *  1. transcription of the 16 kHz mono PCM written during the single decode pass (never a second decode);
 *  2. rewriting the selected fixes from their evidence, with structured output validated by zod.
 * Every failure is caught by the caller and recorded in report_metadata.ai_enrichment; the local result stands.
 */
import * as fs from 'node:fs';
import OpenAI, { toFile } from 'openai';
import { z } from 'zod';
import type { FeedbackStyle, HookTopic } from '@preflight/shared';
import type { Transcript } from '../rules/candidates';

export interface OpenAiOptions {
  apiKey: string;
  baseURL?: string;
  transcriptionModel?: string;
  chatModel?: string;
  /** Per request, default 60 s. */
  timeoutMs?: number;
  /** Skip the rewrite step (transcription only). */
  rewrite?: boolean;
}

export function client(o: OpenAiOptions): OpenAI {
  return new OpenAI({ apiKey: o.apiKey, baseURL: o.baseURL, timeout: o.timeoutMs ?? 60_000, maxRetries: 1 });
}

const SR = 16000;
/** 12 min of 16 kHz s16 mono is ~23 MB, under the usual 25 MB upload limit. */
const WHOLE_MAX_S = 720;

function wavHeader(bytes: number): Buffer {
  const b = Buffer.alloc(44);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + bytes, 4);
  b.write('WAVEfmt ', 8, 'ascii');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(SR, 24);
  b.writeUInt32LE(SR * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(bytes, 40);
  return b;
}

const TranscriptionSchema = z.object({
  text: z.string(),
  segments: z.array(z.object({ start: z.number(), end: z.number(), text: z.string() })).optional(),
  words: z.array(z.object({ start: z.number(), end: z.number(), word: z.string() })).optional(),
});

/** Transcribes the PCM file; long videos send the first 5 min and the last 2 min (hook and ending rules). */
export async function transcribe(o: OpenAiOptions, pcmPath: string, durationS: number): Promise<Transcript> {
  const ai = client(o);
  const size = fs.statSync(pcmPath).size;
  const total = size / (SR * 2);
  const ranges: Array<[number, number]> = total <= WHOLE_MAX_S ? [[0, total]] : [[0, 300], [Math.max(300, total - 120), total]];
  const segments: Transcript['segments'] = [];
  const words: NonNullable<Transcript['words']> = [];
  const texts: string[] = [];
  for (const [a, b] of ranges) {
    const start = Math.floor(a * SR) * 2;
    const end = Math.min(size, Math.floor(b * SR) * 2);
    const fd = fs.openSync(pcmPath, 'r');
    const pcm = Buffer.alloc(end - start);
    try {
      fs.readSync(fd, pcm, 0, pcm.length, start);
    } finally {
      fs.closeSync(fd);
    }
    const file = await toFile(Buffer.concat([wavHeader(pcm.length), pcm]), 'audio.wav', { type: 'audio/wav' });
    const raw = await ai.audio.transcriptions.create({
      file,
      model: o.transcriptionModel ?? 'whisper-1',
      response_format: 'verbose_json',
      timestamp_granularities: ['word', 'segment'],
    });
    const r = TranscriptionSchema.parse(raw);
    texts.push(r.text.trim());
    const segs = r.segments?.length ? r.segments : [{ start: 0, end: b - a, text: r.text }];
    for (const s of segs) {
      const st = Math.min(durationS, Math.max(0, a + s.start));
      const en = Math.min(durationS, Math.max(st, a + s.end));
      if (s.text.trim()) segments.push({ start_s: Math.round(st * 100) / 100, end_s: Math.round(en * 100) / 100, text: s.text.trim() });
    }
    for (const w of r.words ?? []) {
      const st = Math.min(durationS, Math.max(0, a + w.start));
      if (w.word.trim()) words.push({ start_s: Math.round(st * 100) / 100, end_s: Math.round(Math.min(durationS, Math.max(st, a + w.end)) * 100) / 100, word: w.word.trim() });
    }
  }
  return { text: texts.join(' … ').trim(), segments, ...(words.length ? { words } : {}) };
}

export const RewriteSchema = z.object({
  fixes: z.array(z.object({ id: z.string(), fix: z.string().min(10).max(400), short: z.string().min(3).max(90) })),
});

const REWRITE_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['fixes'],
  properties: {
    fixes: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'fix', 'short'],
        properties: { id: { type: 'string' }, fix: { type: 'string' }, short: { type: 'string' } },
      },
    },
  },
} as const;

const TONE: Record<FeedbackStyle, string> = {
  gentle: 'encouraging and warm; frame each fix as an opportunity',
  balanced: 'clear and neutral',
  brutal: 'blunt and direct; name the cost of not fixing it',
};

export interface RewriteIssue {
  id: string;
  title: string;
  evidence: string;
  fix: string;
  timestamp: string;
}

/** Asks the model to rewrite each fix from its evidence; returns only well-formed rewrites for known ids. */
export async function rewriteFixes(
  o: OpenAiOptions,
  issues: RewriteIssue[],
  style: FeedbackStyle,
  transcript: Transcript | null,
): Promise<Record<string, { fix: string; short: string }>> {
  if (!issues.length) return {};
  const ai = client(o);
  const res = await ai.chat.completions.create({
    model: o.chatModel ?? 'gpt-4o-mini',
    temperature: 0.3,
    response_format: { type: 'json_schema', json_schema: { name: 'fixes', strict: true, schema: REWRITE_JSON_SCHEMA as unknown as Record<string, unknown> } },
    messages: [
      {
        role: 'system',
        content:
          'You are a short-form video editor. For each issue, rewrite the fix as one or two concrete editing steps ' +
          `the creator can do in their editor, grounded ONLY in the measured evidence. Tone: ${TONE[style]}. ` +
          'Keep timestamps. Return JSON {"fixes":[{"id","fix","short"}]} with the same ids; "short" is an imperative under 80 characters.',
      },
      {
        role: 'user',
        content: JSON.stringify({
          issues,
          transcript_excerpt: transcript ? transcript.text.slice(0, 1500) : null,
        }),
      },
    ],
  });
  const content = res.choices[0]?.message?.content;
  if (!content) throw new Error('empty model response');
  const parsed = RewriteSchema.parse(JSON.parse(content));
  const known = new Set(issues.map((i) => i.id));
  const out: Record<string, { fix: string; short: string }> = {};
  for (const f of parsed.fixes) if (known.has(f.id)) out[f.id] = { fix: f.fix.trim(), short: f.short.trim() };
  return out;
}

/** Below this many words after the first sentence, what the video is about cannot be told from its words. */
const TOPIC_MIN_WORDS = 20;
/** What the model reads of the rest: enough for a topic, bounded for cost. */
const TOPIC_EXCERPT_CHARS = 3000;

const HookTopicAnswerSchema = z.object({ on_topic: z.boolean(), hook_topic: z.string().min(1).max(120), video_topic: z.string().min(1).max(120), reason: z.string().min(1).max(300) });
const HOOK_TOPIC_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['on_topic', 'hook_topic', 'video_topic', 'reason'],
  properties: { on_topic: { type: 'boolean' }, hook_topic: { type: 'string' }, video_topic: { type: 'string' }, reason: { type: 'string' } },
} as const;

/** The first sentence: up to the first sentence end in the first segment(s), else the first segment. */
export function firstSentence(transcript: Transcript): string {
  const start = transcript.segments.map((s) => s.text).join(' ').trim();
  const end = /[.!?](\s|$)/.exec(start);
  return (end ? start.slice(0, end.index + 1) : (transcript.segments[0]?.text ?? '')).trim();
}

/**
 * Asks the language model whether the hook's first sentence is about what the rest of the video is about (a hook
 * that promises something else loses the viewers it caught). Never throws: a failure is recorded as such.
 */
export async function checkHookTopic(o: OpenAiOptions, transcript: Transcript): Promise<HookTopic> {
  const hook = firstSentence(transcript);
  const rest = transcript.text.trim().slice(transcript.text.indexOf(hook) + hook.length).trim();
  if (!hook || rest.split(/\s+/).filter(Boolean).length < TOPIC_MIN_WORDS) return { status: 'too_short', hook };
  try {
    const res = await client(o).chat.completions.create({
      model: o.chatModel ?? 'gpt-4o-mini',
      temperature: 0,
      response_format: { type: 'json_schema', json_schema: { name: 'hook_topic', strict: true, schema: HOOK_TOPIC_JSON_SCHEMA as unknown as Record<string, unknown> } },
      messages: [
        {
          role: 'system',
          content:
            "You check a short video's opening line against the rest of its transcript. Say in a few words what the " +
            'opening line is about (hook_topic) and what the rest is about (video_topic), and whether the opening ' +
            'line sets up the same subject (on_topic). reason: one sentence a creator can act on.',
        },
        { role: 'user', content: JSON.stringify({ opening_line: hook, rest_of_transcript: rest.slice(0, TOPIC_EXCERPT_CHARS) }) },
      ],
    });
    const answer = HookTopicAnswerSchema.parse(JSON.parse(res.choices[0]?.message?.content ?? ''));
    return { status: 'checked', hook, ...answer };
  } catch {
    return { status: 'failed', hook };
  }
}
