/**
 * A local stand-in for the OpenAI HTTP API, for tests that drive the real `openai` SDK:
 *   POST /v1/audio/transcriptions   (multipart; answers verbose_json with segments and words, like whisper-1 with
 *                                    timestamp_granularities [word, segment]; words default to even splits of segments)
 *   POST /v1/chat/completions       (answers a JSON message built by `chat`, default: the hook-topic answer
 *                                    `hookTopic` for the hook_topic schema, else rewrites every issue id found)
 * Anything can be made to fail (status code) to test fallbacks. Listens on 127.0.0.1, random port.
 *
 *   const ai = await startOpenAiStandIn({ transcript: { text, segments } });
 *   new OpenAI({ apiKey: 'test', baseURL: ai.baseURL });
 *   ...; await ai.close();
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { formFields, readForm, transcriptionAnswerProblems, transcriptionRequestProblems } from './openai-contract';

export interface StandInRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** Raw body (multipart for transcriptions). */
  body: Buffer;
  json?: unknown;
}

export interface StandInOptions {
  transcript?: { text: string; segments?: Array<{ start: number; end: number; text: string }>; words?: Array<{ start: number; end: number; word: string }> };
  /** The answer to the hook-topic check (default: on topic). */
  hookTopic?: { on_topic: boolean; hook_topic: string; video_topic: string; reason: string };
  /** Builds the assistant message content from the parsed chat request. Default: rewrites every "id" in the user message. */
  chat?: (req: ChatRequest) => string;
  /** Respond with this HTTP status instead (e.g. 500) per endpoint. */
  failTranscription?: number;
  failChat?: number;
  /** Delay every response (ms), e.g. to test timeouts. */
  delayMs?: number;
}

export interface StandIn {
  baseURL: string;
  requests: StandInRequest[];
  /** Transcription requests and answers checked against OpenAI's OpenAPI description (openai-contract.ts). */
  checked: number;
  /** What that check found wrong, each prefixed `request:` or `answer:`; a wrong request is answered 400, as OpenAI does. */
  violations: string[];
  close(): Promise<void>;
}

type ChatRequest = { model?: string; messages?: Array<{ role: string; content: string }>; response_format?: { json_schema?: { name?: string } } };

const ON_TOPIC = { on_topic: true, hook_topic: 'the subject of the video', video_topic: 'the subject of the video', reason: 'The first line sets up what follows.' };

/** Words spread evenly over each segment, as a stand-in for the service's word timings. */
function evenWords(segments: Array<{ start: number; end: number; text: string }>) {
  return segments.flatMap((s) => {
    const words = s.text.split(/\s+/).filter(Boolean);
    const step = (s.end - s.start) / Math.max(1, words.length);
    return words.map((word, i) => ({ word, start: s.start + i * step, end: s.start + (i + 1) * step }));
  });
}

function defaultChat(req: ChatRequest): string {
  const user = req.messages?.find((m) => m.role === 'user')?.content ?? '{}';
  let ids: string[];
  try {
    const parsed = JSON.parse(user) as { issues?: Array<{ id: string; timestamp?: string }> };
    ids = (parsed.issues ?? []).map((i) => i.id);
  } catch {
    ids = [];
  }
  return JSON.stringify({
    fixes: ids.map((id) => ({ id, fix: `AI rewrite for ${id}: trim the moment and add a punchy line over it.`, short: `AI: fix ${id}` })),
  });
}

/** The WAV's length in seconds from its header (byte rate) and size, as the service reports `duration`. */
function wavSeconds(file: Buffer): number {
  const dataAt = file.indexOf('data', 12, 'ascii');
  if (file.toString('ascii', 0, 4) !== 'RIFF' || dataAt < 0) return 0;
  return file.readUInt32LE(dataAt + 4) / file.readUInt32LE(28);
}

/** A whisper-1 segment with every field OpenAI's description requires (the decoding figures are typical values). */
const whisperSegment = (s: { start: number; end: number; text: string }, id: number) => ({
  id,
  seek: Math.floor(s.start * 100),
  start: s.start,
  end: s.end,
  text: s.text,
  tokens: s.text.split(/\s+/).filter(Boolean).map((_, i) => 50364 + i),
  temperature: 0,
  avg_logprob: -0.25,
  compression_ratio: 1.2,
  no_speech_prob: 0.01,
});

export async function startOpenAiStandIn(opts: StandInOptions = {}): Promise<StandIn> {
  const requests: StandInRequest[] = [];
  const violations: string[] = [];
  let checked = 0;

  /** Checks the request against OpenAI's description (400 when it fails, as OpenAI answers), then the answer. */
  const transcription = async (r: StandInRequest): Promise<[number, unknown]> => {
    const form = await readForm(r.body, String(r.headers['content-type'] ?? ''));
    const fields = formFields(form);
    const wrongRequest = transcriptionRequestProblems(fields);
    checked += 1;
    violations.push(...wrongRequest.map((problem) => `request: ${problem}`));
    if (wrongRequest.length) return [400, { error: { message: wrongRequest.join('; '), type: 'invalid_request_error', param: null, code: null } }];
    const file = form.get('file');
    const seconds = file && typeof file !== 'string' ? wavSeconds(Buffer.from(await file.arrayBuffer())) : 0;
    const t = opts.transcript ?? { text: 'Hello there.', segments: [{ start: 0.3, end: 1.5, text: 'Hello there.' }] };
    const segments = t.segments ?? [];
    const answer = {
      task: 'transcribe',
      language: 'english',
      duration: seconds,
      text: t.text,
      segments: segments.map(whisperSegment),
      words: t.words ?? evenWords(segments),
      usage: { type: 'duration', seconds: Math.ceil(seconds) },
    };
    violations.push(...transcriptionAnswerProblems(fields.response_format, answer).map((problem) => `answer: ${problem}`));
    return [200, answer];
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const r: StandInRequest = { method: req.method ?? '', path: (req.url ?? '').split('?')[0], headers: req.headers, body };
      if ((req.headers['content-type'] ?? '').includes('application/json')) {
        try {
          r.json = JSON.parse(body.toString('utf8'));
        } catch {
          /* keep raw */
        }
      }
      requests.push(r);
      const send = (status: number, payload: unknown) => {
        const data = JSON.stringify(payload);
        setTimeout(() => {
          res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) });
          res.end(data);
        }, opts.delayMs ?? 0);
      };
      if (req.method === 'POST' && r.path.endsWith('/audio/transcriptions')) {
        if (opts.failTranscription) return send(opts.failTranscription, { error: { message: 'stand-in transcription failure', type: 'server_error' } });
        void transcription(r).then(([status, answer]) => send(status, answer));
        return;
      }
      if (req.method === 'POST' && r.path.endsWith('/chat/completions')) {
        if (opts.failChat) return send(opts.failChat, { error: { message: 'stand-in chat failure', type: 'server_error' } });
        const parsed = (r.json ?? {}) as ChatRequest;
        const hookTopic = parsed.response_format?.json_schema?.name === 'hook_topic';
        const content = opts.chat ? opts.chat(parsed) : hookTopic ? JSON.stringify(opts.hookTopic ?? ON_TOPIC) : defaultChat(parsed);
        return send(200, {
          id: 'chatcmpl-standin',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: parsed.model ?? 'stand-in',
          choices: [{ index: 0, finish_reason: 'stop', logprobs: null, message: { role: 'assistant', content, refusal: null } }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        });
      }
      send(404, { error: { message: `stand-in: no route ${req.method} ${r.path}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    get checked() {
      return checked;
    },
    violations,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
