/**
 * The host side of the vision worker (worker-code.ts): one worker thread per process, started on first use and kept
 * between analyses (loading the OCR and face models costs more than reading a short video's frames), unref'd while
 * idle so it never keeps a process alive.
 */
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { C } from '../model/constants';
import { VISION_WORKER_CODE } from './worker-code';
import { plainWorkerExecArgv } from '../plain-worker';

export interface SeenLine {
  text: string;
  confidence: number;
  /** The least confident word's confidence (absent from a worker that did not report words). */
  minWordConfidence?: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
export interface SeenFace {
  score: number;
  x: number;
  y: number;
  w: number;
  h: number;
}
export interface SeenFrame {
  width: number;
  height: number;
  lines: SeenLine[];
  faces: SeenFace[];
}

type Reply = { type: 'ready' } | ({ type: 'seen'; id: number } & SeenFrame) | { type: 'error'; id?: number; message: string };

const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

function workerData() {
  return {
    jpegPath: require.resolve('jpeg-js'),
    tesseractPath: require.resolve('tesseract.js'),
    // tesseract.js' own default model (LSTM, integer "best"), from the package on disk.
    langPath: path.join(packageDir('@tesseract.js-data/eng'), '4.0.0_best_int'),
    faceApiPath: require.resolve('@vladmandic/face-api/dist/face-api.node-wasm.js'),
    faceModelDir: path.join(packageDir('@vladmandic/face-api'), 'model'),
    tfWasmPath: require.resolve('@tensorflow/tfjs-backend-wasm'),
    tfWasmDir: `${path.join(packageDir('@tensorflow/tfjs-backend-wasm'), 'dist')}${path.sep}`,
    faceInputSize: C.FACE_INPUT_SIZE,
    faceMinScore: C.FACE_MIN_SCORE,
    facePad: C.FACE_PAD,
    textBrightMin: C.TEXT_BRIGHT_MIN,
  };
}

export class VisionWorker {
  private readonly pending = new Map<number, { resolve: (f: SeenFrame) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private failed: Error | null = null;
  readonly ready: Promise<void>;

  constructor(private readonly worker: Worker) {
    this.ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (m: Reply) => {
        if (m.type === 'ready') return resolve();
        if (m.type === 'error' && m.id === undefined) return reject(this.fail(new Error(`vision models failed to load: ${m.message}`)));
        const waiter = m.id !== undefined ? this.pending.get(m.id) : undefined;
        if (!waiter || m.id === undefined) return;
        this.pending.delete(m.id);
        if (m.type === 'seen') waiter.resolve({ width: m.width, height: m.height, lines: m.lines, faces: m.faces });
        else waiter.reject(new Error(m.message));
      });
      worker.on('error', (e) => reject(this.fail(e)));
      worker.on('exit', (code) => reject(this.fail(new Error(`vision worker exited (${code})`))));
    });
    // Loaded and idle: do not hold the process open.
    this.ready.then(() => this.pending.size === 0 && worker.unref(), () => undefined);
  }

  private fail(e: Error): Error {
    this.failed ??= e;
    for (const w of this.pending.values()) w.reject(e);
    this.pending.clear();
    if (shared === this) shared = null;
    return e;
  }

  get broken(): boolean {
    return this.failed !== null;
  }

  look(file: string): Promise<SeenFrame> {
    if (this.failed) return Promise.reject(this.failed);
    const id = this.nextId++;
    this.worker.ref();
    let timer: NodeJS.Timeout | undefined;
    return new Promise<SeenFrame>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ type: 'look', id, file });
      // A stuck model must not hold the analysis: the worker is dropped (the next analysis starts a new one).
      timer = setTimeout(() => {
        this.fail(new Error(`reading a frame took over ${C.VISION_FRAME_TIMEOUT_MS / 1000} s`));
        void this.worker.terminate();
      }, C.VISION_FRAME_TIMEOUT_MS * this.pending.size);
    }).finally(() => {
      clearTimeout(timer);
      if (this.pending.size === 0) this.worker.unref();
    });
  }

  terminate(): Promise<number> {
    return this.worker.terminate();
  }
}

let shared: VisionWorker | null = null;

/** The process's vision worker, started (and its models loaded) on first use. */
export async function visionWorker(): Promise<VisionWorker> {
  if (!shared || shared.broken) shared = new VisionWorker(new Worker(VISION_WORKER_CODE, { eval: true, execArgv: plainWorkerExecArgv(), workerData: workerData() }));
  const current = shared;
  await current.ready;
  return current;
}

/**
 * Loads the models in the background (a worker process calls it at start), so its first analysis does not wait
 * ~1.5 s for them; a failure here is reported by the analysis that needs them.
 */
export async function warmUpVision(): Promise<void> {
  await visionWorker().catch(() => undefined);
}

/** Stops the worker (tests, shutdown); the next analysis starts a new one. */
export async function closeVisionWorker(): Promise<void> {
  const current = shared;
  shared = null;
  if (current) await current.terminate();
}
