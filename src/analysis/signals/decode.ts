/**
 * The single decode pass: ONE ffmpeg process decodes the file once; a filtergraph with several branches yields every
 * signal. Video is scaled (fast bilinear) to a 160 px copy, then split:
 *   - full frame rate: scdet frame change (mafd, for adaptive hard-cut detection) and blackdetect (black frames / fades through black);
 *   - 4 fps: signalstats (brightness, saturation, contrast, motion = YDIF) and freezedetect.
 * Audio runs through one chain: ebur128 (momentary, integrated, true peak) -> silencedetect -> resample to 16 kHz
 * mono s16le on stdout, which feeds the Silero VAD as it arrives. All logs are parsed line by line from stderr.
 */
import type { ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { C } from '../model/constants';
import { AnalysisFailedError, AnalysisInterruptedError, inputError } from '../errors';
import { SignalCollector, type CollectedSignals, type Segment } from './parsers';
import { HIST_SIDE, HistogramStream } from './colour-histogram';
import { MAX_DURATION_S, type ProbeResult } from './probe';
import { runTool } from './process';
import { VoiceActivity } from './vad';
import { AudioFeatureCollector, energyEnvelopeDb } from './audio-features';
import { blockFeatures, classifyAudio, refineSpeech, type AudioClassSegment } from './audio-class';

export interface DecodeOptions {
  ffmpegPath?: string;
  timeoutMs: number;
  vadModelPath?: string;
  /** Also write the 16 kHz mono PCM (s16le) here, e.g. for transcription. */
  pcmPath?: string;
  /** Also write upright ~480 px JPEG thumbnails here at thumbRate(duration) (timeline frames without seeking). */
  thumbsDir?: string;
  /** 0..1 of the media decoded. */
  onProgress?: (fraction: number) => void;
  onSpawn?: (child: ChildProcess) => void;
  signal?: AbortSignal;
  niceness?: number;
  /** Longest video we analyse (default one hour); decoding stops just past it whatever the container declares. */
  maxDurationS?: number;
}

/** Decoding goes this far past the limit, so that a video of exactly the limit is not refused for rounding. */
const DURATION_TOLERANCE_S = 5;

export interface DecodeResult {
  signals: CollectedSignals;
  /** Speech only: the VAD's segments without singing, music or other sound (signals/audio-class.ts). */
  speech: Segment[];
  /** The track over time as speech / music / other / silence ([] without audio). */
  audioClasses: AudioClassSegment[];
  /** Audio energy at ENVELOPE_RATE_HZ (dBFS), for the content fingerprint ([] without audio). */
  audioEnvelopeDb: number[];
  /** Seconds of PCM seen by the VAD. */
  audioSeconds: number;
  /** Thumbnails written in the pass (time, absolute file path). */
  thumbs: Array<{ time_s: number; file: string }>;
  stderrTail: string[];
}

/** Thumbnails taken in the same pass: at most THUMBS_MAX frames, no closer than THUMBS_MAX_FPS. */
export function thumbRate(durationS: number): number {
  return Math.min(C.THUMBS_MAX_FPS, C.THUMBS_MAX / Math.max(durationS, 1));
}

function uprightFilters(rotation: number): string {
  // Thumbnails must be upright; the signal branches do not care (the pass runs with -noautorotate).
  if (rotation === 90) return 'transpose=clock';
  if (rotation === 180) return 'hflip,vflip';
  if (rotation === 270) return 'transpose=cclock';
  return '';
}

/**
 * Scales a frame to `width` px across AS DISPLAYED, with square pixels: the display aspect (dar = iw/ih × sar) sets
 * the height, so a 704×576 picture with 16:11 pixels comes out 16:9, not squeezed to 1.22:1. With a 90/270° rotation
 * still to apply (transpose after this), the picture's height becomes the displayed width.
 */
export function displayScale(width: number, rotatedAfter: boolean): string {
  return rotatedAfter
    ? `scale=w='max(2,trunc(${width}*dar/2)*2)':h=${width}:flags=bicubic,setsar=1`
    : `scale=w=${width}:h='max(2,trunc(${width}/dar/2)*2)':flags=bicubic,setsar=1`;
}

export function buildDecodeArgs(
  filePath: string,
  probe: ProbeResult,
  thumbs?: { dir: string; rate: number },
  maxDurationS = MAX_DURATION_S,
): string[] {
  const w = C.ANALYSIS_WIDTH;
  const swap = probe.video.rotation === 90 || probe.video.rotation === 270;
  const thumbScale = displayScale(C.FRAME_WIDTH, swap);
  const up = uprightFilters(probe.video.rotation);
  const v = [
    thumbs
      ? `[0:${probe.video.index}]split=2[full][tv];[tv]fps=fps=${thumbs.rate.toFixed(6)}:round=up,${thumbScale}${up ? `,${up}` : ''},format=yuvj420p[thumb];` +
        `[full]scale=w=${w}:h=${w}:force_original_aspect_ratio=decrease:flags=fast_bilinear,format=yuv420p,split=3[sv][mv][hv]`
      : `[0:${probe.video.index}]scale=w=${w}:h=${w}:force_original_aspect_ratio=decrease:flags=fast_bilinear,format=yuv420p,split=3[sv][mv][hv]`,
    `[sv]scdet@scd=threshold=100,metadata@scd=print:key=lavfi.scd.mafd,` +
      `blackdetect@blk=d=${C.BLACK_MIN_S}:pix_th=${C.BLACK_PIX_TH}:pic_th=${C.BLACK_PIC_TH},nullsink`,
    // Every frame's colour mix (cut detection, signals/colour-histogram.ts): a 64×64 copy on pipe 3, ~6 KB a frame.
    `[hv]scale=w=${HIST_SIDE}:h=${HIST_SIDE}:flags=area,format=yuv420p[hist]`,
    `[mv]fps=${C.MOTION_FPS},signalstats@st,` +
      ['YAVG', 'SATAVG', 'YLOW', 'YHIGH', 'YDIF']
        .map((k) => `metadata@${k.toLowerCase()}=print:key=lavfi.signalstats.${k}`)
        .join(',') +
      `,freezedetect@frz=n=${C.FREEZE_NOISE_DB}dB:d=${C.FREEZE_MIN_S}[vo]`,
  ];
  const graph = [...v];
  if (probe.audio) {
    graph.push(
      `[0:${probe.audio.index}]ebur128@r128=peak=true,` +
        `silencedetect@sil=n=${C.SILENCE_NOISE_DB}dB:d=${C.SILENCE_MIN_S},` +
        `aresample=${C.VAD_SAMPLE_RATE},aformat=sample_fmts=s16:channel_layouts=mono[pcm]`,
    );
  }
  const args = [
    '-nostdin', '-hide_banner', '-nostats', '-loglevel', 'info',
    // Orientation does not matter for these signals; skipping autorotate saves a full-size transpose per frame.
    '-noautorotate',
    // Never trust the container's duration (a raw stream has none, an edited header lies): read no further than this.
    '-t', String(maxDurationS + DURATION_TOLERANCE_S),
    // Not `-skip_loop_filter noref` (−5 % of the pass's CPU): the thumbnails OCR reads change enough for tesseract to
    // read junk on a face close-up (lp_d10.mp4: "wif" at 9.5 s; test/analysis/safe-zones.test.ts). Taking the
    // thumbnails from I/P pictures only (select before fps) does not make it safe either: the frames move by up to
    // 3 pictures (B runs of 3 in ../shared/media) and OCR text and face scores change on 4 of the 5 clips.
    '-i', filePath,
    '-filter_complex', graph.join(';'),
    '-map', '[vo]', '-f', 'null', '-',
    // passthrough: one picture out per frame in, so the n-th histogram is the n-th frame change (no duplicates for vfr).
    '-map', '[hist]', '-fps_mode', 'passthrough', '-f', 'rawvideo', 'pipe:3',
  ];
  if (thumbs) args.push('-map', '[thumb]', '-c:v', 'mjpeg', '-q:v', String(C.FRAME_QUALITY), '-f', 'image2', path.join(thumbs.dir, 't%06d.jpg'));
  if (probe.audio) args.push('-map', '[pcm]', '-f', 's16le', '-ac', '1', '-ar', String(C.VAD_SAMPLE_RATE), 'pipe:1');
  return args;
}

export async function decodeSignals(filePath: string, probe: ProbeResult, opts: DecodeOptions): Promise<DecodeResult> {
  const collector = new SignalCollector();
  collector.expectHistograms();
  const histograms = new HistogramStream();
  // The VAD model loads while ffmpeg starts decoding (loading onnxruntime and the model takes a few hundred ms cold):
  // PCM that arrives before it is ready waits in `early` (16 kHz mono: 32 kB a second), so the decode never stalls.
  const vadLoading = probe.audio ? VoiceActivity.create(opts.vadModelPath) : null;
  vadLoading?.catch(() => undefined); // awaited after the decode
  let vad: VoiceActivity | null = null;
  void vadLoading?.then(
    (v) => (vad = v),
    () => undefined,
  );
  let early: Buffer[] | null = [];
  const feedVad = async (chunk: Buffer) => {
    if (!vad) {
      early?.push(chunk);
      return;
    }
    if (early) {
      const queued = early;
      early = null;
      for (const c of queued) await vad.push(c);
    }
    if (chunk.length) await vad.push(chunk);
  };
  const features = probe.audio ? new AudioFeatureCollector() : null;
  const pcmOut = probe.audio && opts.pcmPath ? fs.createWriteStream(opts.pcmPath) : null;
  const duration = Math.max(probe.durationS, 0.001);
  const thumbs = opts.thumbsDir ? { dir: opts.thumbsDir, rate: thumbRate(duration) } : undefined;
  if (thumbs) fs.mkdirSync(thumbs.dir, { recursive: true });
  let lastReported = -1;
  const report = (t: number | undefined) => {
    if (t === undefined || !opts.onProgress) return;
    const f = Math.min(1, Math.max(0, t / duration));
    if (f - lastReported >= 0.01) {
      lastReported = f;
      opts.onProgress(f);
    }
  };
  let res;
  try {
    res = await runTool(opts.ffmpegPath ?? 'ffmpeg', buildDecodeArgs(filePath, probe, thumbs, opts.maxDurationS), {
    timeoutMs: opts.timeoutMs,
    niceness: opts.niceness ?? 10,
    signal: opts.signal,
    onSpawn: opts.onSpawn,
    onStderrLine: (line) => report(collector.line(line)),
    onPipe3: (chunk) => {
      for (const h of histograms.push(chunk)) collector.frameHistogram(h);
    },
    onStdout: vadLoading
      ? async (chunk) => {
          if (pcmOut && !pcmOut.write(chunk)) await new Promise<void>((r) => pcmOut.once('drain', () => r()));
          features?.push(chunk);
          await feedVad(chunk);
        }
      : undefined,
    });
  } catch (e) {
    await vadLoading?.then(
      (v) => v.dispose(),
      () => undefined,
    );
    throw e;
  }
  if (pcmOut) await new Promise<void>((r) => pcmOut.end(() => r()));
  let speech: Segment[] = [];
  if (vadLoading) {
    // A model that fails to load fails the analysis as before (now after the decode rather than before it).
    vad = await vadLoading;
    try {
      await feedVad(Buffer.alloc(0)); // what arrived before the model was ready (all of a clip shorter than the load)
      speech = await vad.finish();
    } catch (e) {
      if (!res.timedOut && !opts.signal?.aborted) throw e;
    }
  }
  if (res.timedOut) throw new AnalysisFailedError('The analysis took too long and was stopped (decode timed out).');
  if (opts.signal?.aborted) throw new AnalysisFailedError('The analysis was cancelled.');
  // Stopped by a signal we did not send (a shutdown reached ffmpeg's process group): what we have is not the file.
  // ffmpeg catches SIGINT/SIGTERM and exits "normally" with code 255, saying so on stderr.
  const stoppedBy = res.signal ?? res.stderrTail.map((l) => /received signal (\d+)/.exec(l)?.[1]).find(Boolean);
  if (stoppedBy) throw new AnalysisInterruptedError(`The analysis was interrupted (ffmpeg stopped by signal ${stoppedBy}); it will be retried.`);
  const decodedEnd = Math.max(collector.videoEnd, 0);
  if (decodedEnd > (opts.maxDurationS ?? MAX_DURATION_S) + 1) throw inputError('too_long', `decoded past ${decodedEnd}s`);
  if (res.code !== 0) {
    // ffmpeg stops on broken input it cannot get past; if we got most of the video, keep what we have.
    if (collector.videoFrames === 0 || decodedEnd < duration * 0.5) {
      throw inputError(collector.videoFrames === 0 ? 'unreadable' : 'truncated', res.stderrTail.join('\n'));
    }
  }
  if (collector.videoFrames === 0) throw inputError('unreadable', res.stderrTail.join('\n'));
  // A file whose container claims far more than the decoder could find is truncated.
  const frameDur = 1 / Math.max(probe.video.fps, 1);
  if (duration > 2 && decodedEnd + frameDur < duration * 0.5) throw inputError('truncated', `decoded ${decodedEnd}s of ${duration}s`);
  const effective = Math.min(duration, Math.max(decodedEnd + frameDur, collector.audioEnd));
  const signals = collector.finish(effective, !!probe.audio);
  let audioClasses: AudioClassSegment[] = [];
  let audioEnvelopeDb: number[] = [];
  if (vad && features) {
    const frames = features.frames();
    audioEnvelopeDb = energyEnvelopeDb(frames.rms);
    const blocks = blockFeatures(frames);
    speech = refineSpeech(speech, frames, vad.probs, blocks);
    audioClasses = classifyAudio(speech, blocks, effective);
  }
  opts.onProgress?.(1);
  const thumbList: DecodeResult['thumbs'] = [];
  if (thumbs) {
    for (const f of fs.readdirSync(thumbs.dir).sort()) {
      const m = /^t(\d+)\.jpg$/.exec(f);
      if (!m) continue;
      const t = (Number(m[1]) - 1) / thumbs.rate;
      if (t <= effective) thumbList.push({ time_s: Math.round(t * 1000) / 1000, file: path.join(thumbs.dir, f) });
    }
  }
  return { signals, speech, audioClasses, audioEnvelopeDb, audioSeconds: vad?.secondsProcessed ?? 0, stderrTail: res.stderrTail, thumbs: thumbList };
}
