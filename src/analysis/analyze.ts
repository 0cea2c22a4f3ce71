/**
 * analyzeVideo: the whole analysis of one file (probe, single decode pass, metrics, optional AI, frames, report) and
 * rederiveReport (another style or platform from a stored report, no decoding). The package's public surface is
 * ./index.ts, which only re-exports.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { AnalysisFailedError, AnalysisInputError, inputError } from './errors';
import { assess, deriveReport, fixesOf, frameTimes, type AiMeta, type VideoInfo } from './derive';
import { collectFrames } from './frames';
import type { AnalysisPhase, FeedbackStyle, Metrics, PlatformChoice, Report, Segment } from '@preflight/shared';
import { ReportSchema, validateReport, type RetentionCalibration } from '@preflight/shared';
import { decodeSignals, thumbRate } from './signals/decode';
import { ENVELOPE_RATE_HZ } from './signals/audio-features';
import { C } from './model/constants';
import { probeFile, MAX_DURATION_S, MIN_DURATION_S, type ProbeResult } from './signals/probe';
import type { CollectedSignals } from './signals/parsers';
import type { Transcript } from './rules/candidates';
import { checkHookTopic, rewriteFixes, transcribe, type OpenAiOptions } from './enrich/openai';
import { FrameReading } from './vision/look';


export type AnalysisStage = 'preprocessing' | 'analyzing' | 'generating';
export interface AnalysisProgress {
  stage: AnalysisStage;
  /** 0-100 overall. */
  progress: number;
  /** What the engine is doing within the stage (decoding, analysing, rendering frames), in order. */
  phase: Exclude<AnalysisPhase, 'received'>;
  /** 0-100 within the phase, when the phase can tell (the decode pass and the frames can; analysing cannot). */
  phasePercent?: number;
  /** The decode pass's own guess of the seconds left, for the CLI's line (the API computes its time left itself). */
  etaSeconds?: number;
}
export type ProgressCallback = (p: AnalysisProgress) => void;

export interface AnalyzeOptions {
  /** Folder for report.json and frames/ (created if missing). */
  outDir: string;
  style?: FeedbackStyle;
  platform?: PlatformChoice;
  /** Shown in the report (default: basename of the file). */
  originalFilename?: string;
  ffmpegPath?: string;
  ffprobePath?: string;
  /** Parent for the temporary working folder (default os.tmpdir()); the folder is always removed. */
  tmpDir?: string;
  /** Decode timeout; default 120 s + 3 x duration. */
  timeoutMs?: number;
  /** Niceness for ffmpeg children (default 10). */
  niceness?: number;
  vadModelPath?: string;
  /** Optional AI enrichment; omitted = off. */
  openai?: OpenAiOptions;
  signal?: AbortSignal;
  /** Write frames (default true). */
  frames?: boolean;
  /** The creator's calibration of the retention model (./model/calibration), applied and reported; absent = none said. */
  calibration?: RetentionCalibration;
  /** Called with every ffmpeg child (e.g. for memory sampling in the benchmark). */
  onChildProcess?: (child: ChildProcess) => void;
}

const r3 = (v: number) => Math.round(v * 1000) / 1000;

function clipSegs(segs: Segment[], D: number): Segment[] {
  return segs
    .map((s) => ({ start_s: r3(Math.max(0, s.start_s)), end_s: r3(Math.min(D, s.end_s)) }))
    .filter((s) => s.end_s - s.start_s > 0.01);
}

export function buildMetrics(
  p: ProbeResult,
  sig: CollectedSignals,
  speech: Segment[],
  durationS: number,
  audioClasses: Metrics['audio_classes'] = [],
  audioEnvelopeDb: number[] = [],
): Metrics {
  const D = r3(durationS);
  const cuts = sig.cuts.filter((c) => c < D);
  const bounds = [0, ...cuts, D];
  const shots = bounds.slice(1).map((b, i) => b - bounds[i]).sort((a, b) => a - b);
  const sp = clipSegs(speech, D);
  const speechTotal = sp.reduce((a, s) => a + s.end_s - s.start_s, 0);
  return {
    duration_s: D,
    width: p.video.width,
    height: p.video.height,
    aspect_ratio: r3(p.video.width / Math.max(1, p.video.height)),
    fps: r3(p.video.fps),
    has_audio: !!p.audio,
    cuts,
    median_shot_s: r3(shots[Math.floor(shots.length / 2)] ?? D),
    speech_segments: sp,
    first_speech_s: sp.length ? sp[0].start_s : null,
    last_speech_end_s: sp.length ? sp[sp.length - 1].end_s : null,
    speech_ratio: r3(Math.min(1, speechTotal / Math.max(D, 1e-6))),
    silences: clipSegs(sig.silences, D),
    audio_classes: audioClasses
      .map((g) => ({ ...g, start_s: r3(Math.max(0, g.start_s)), end_s: r3(Math.min(D, g.end_s)) }))
      .filter((g) => g.end_s > g.start_s),
    black_segments: clipSegs(sig.black_segments, D),
    frozen_segments: clipSegs(sig.frozen_segments, D),
    static_segments: clipSegs(sig.static_segments, D),
    loudness: {
      integrated_lufs: sig.integrated_lufs,
      true_peak_dbtp: sig.true_peak_dbtp,
      loudness_range_lu: sig.loudness_range_lu,
      track: sig.loudness_track,
    },
    fingerprint: {
      audio_rate_hz: ENVELOPE_RATE_HZ,
      // Only what lies inside the analysed duration (audio padding past the picture is not the video).
      audio_db: p.audio ? audioEnvelopeDb.slice(0, Math.ceil(D * ENVELOPE_RATE_HZ)) : [],
      video_rate_hz: C.MOTION_FPS,
      luma: sig.video_samples.luma.slice(0, Math.ceil(D * C.MOTION_FPS)),
      motion: sig.video_samples.motion.slice(0, Math.ceil(D * C.MOTION_FPS)),
    },
    tracks: { interval_s: 1, ...sig.tracks },
  };
}

function videoInfo(p: ProbeResult, D: number, filename: string): VideoInfo {
  const { width: w, height: h } = p.video;
  const g = gcd(w, h) || 1;
  return {
    original_filename: filename,
    duration_seconds: r3(D),
    width: w,
    height: h,
    aspect_ratio: `${w / g}:${h / g}`,
    orientation: w > h ? 'horizontal' : w < h ? 'vertical' : 'square',
    rotation: p.video.rotation,
    fps: r3(p.video.fps),
    variable_frame_rate: p.video.variableFrameRate,
    video_codec: p.video.codec,
    audio_codec: p.audio?.codec ?? null,
    ...(p.audio ? { audio_channels: p.audio.channels, audio_sample_rate: p.audio.sampleRate } : {}),
    has_audio: !!p.audio,
    file_size_bytes: p.fileSizeBytes,
    container: p.formatName,
  };
}
const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);

/** Analyses a video file; writes OUT/report.json and OUT/frames/*.jpg; returns the report. */
export async function analyzeVideo(filePath: string, options: AnalyzeOptions, onProgress?: ProgressCallback): Promise<Report> {
  const t0 = Date.now();
  const style = options.style ?? 'balanced';
  const platformChoice = options.platform ?? 'auto';
  const emit = (stage: AnalysisStage, progress: number, phase: AnalysisProgress['phase'], phasePercent?: number, etaSeconds?: number) => {
    try {
      onProgress?.({
        stage,
        progress: Math.max(0, Math.min(100, Math.round(progress))),
        phase,
        ...(phasePercent !== undefined && Number.isFinite(phasePercent) ? { phasePercent: Math.max(0, Math.min(100, Math.round(phasePercent))) } : {}),
        ...(etaSeconds !== undefined && Number.isFinite(etaSeconds) ? { etaSeconds: Math.max(0, Math.round(etaSeconds)) } : {}),
      });
    } catch {
      /* a failing progress sink must not break the analysis */
    }
  };
  emit('preprocessing', 0, 'decoding', 0);
  const probe = await probeFile(filePath, { ffprobePath: options.ffprobePath });
  if (probe.durationS > 0 && probe.durationS < MIN_DURATION_S) throw inputError('too_short');
  emit('preprocessing', 5, 'decoding', 0);
  const work = fs.mkdtempSync(path.join(options.tmpDir ?? os.tmpdir(), 'preflight-'));
  const warnings: string[] = [];
  let frameReading: FrameReading | null = null;
  try {
    const pcmPath = options.openai?.apiKey && probe.audio ? path.join(work, 'audio.s16le') : undefined;
    const thumbsDir = options.frames !== false ? path.join(work, 'thumbs') : undefined;
    // Reads text and faces on the thumbnails as the decode writes them.
    frameReading = thumbsDir ? new FrameReading(thumbsDir, thumbRate(Math.max(probe.durationS, 0.001)), probe.durationS) : null;
    const tDecode = Date.now();
    // Sized by what the decode may read (the declared duration can be missing or false; decoding stops past an hour).
    const timeoutMs = options.timeoutMs ?? 120_000 + 3_000 * Math.min(Math.max(probe.durationS, 600), MAX_DURATION_S + 5);
    const dec = await decodeSignals(filePath, probe, {
      ffmpegPath: options.ffmpegPath,
      timeoutMs,
      vadModelPath: options.vadModelPath,
      pcmPath,
      thumbsDir,
      signal: options.signal,
      niceness: options.niceness,
      onSpawn: options.onChildProcess,
      onProgress: (f) => {
        const el = (Date.now() - tDecode) / 1000;
        const eta = f > 0.02 ? (el * (1 - f)) / f + el * 0.15 : undefined;
        emit('analyzing', 5 + 80 * f, 'decoding', 100 * f, eta);
      },
    });
    // The decode is done even when ffmpeg's last progress line fell short of the declared duration.
    emit('analyzing', 85, 'decoding', 100);
    emit('analyzing', 85, 'analysing');
    const decodedEnd = Math.max(dec.signals.video_end_s + 1 / Math.max(1, probe.video.fps), dec.signals.audio_end_s || 0);
    // The decoded extent decides when the container under-declares (an edited header); a short decode of an honest
    // file stays capped by its declared duration (audio padding past the picture is not more video).
    const D = probe.durationS > 0 && decodedEnd <= probe.durationS + 1 ? Math.min(probe.durationS, decodedEnd) : decodedEnd;
    if (!(D > 0)) throw inputError('unreadable');
    if (D < MIN_DURATION_S) throw inputError('too_short');
    if (probe.durationS > 0 && D < probe.durationS - 1) warnings.push(`Only ${D.toFixed(1)} s of the ${probe.durationS.toFixed(1)} s the file declares could be decoded; the rest looks truncated or damaged.`);
    if (probe.video.variableFrameRate) warnings.push('Variable frame rate video: timestamps follow the real presentation times.');
    const [sarN, sarD] = probe.video.sampleAspect;
    if (sarN !== sarD) warnings.push(`The video has non-square pixels (${probe.video.codedWidth}x${probe.video.codedHeight} stored at ${sarN}:${sarD}); it was analysed as displayed (${probe.video.width}x${probe.video.height}).`);
    if (probe.video.rotation) warnings.push(`The video carries a ${probe.video.rotation}° rotation; it was analysed as displayed (${probe.video.width}x${probe.video.height}).`);
    const metrics = buildMetrics(probe, dec.signals, dec.speech, D, dec.audioClasses, dec.audioEnvelopeDb);
    // On-screen text and faces, read from the pass's thumbnails (no decoding) while the words are transcribed.
    const reading = frameReading
      ? frameReading.finish(dec.thumbs, D, metrics.speech_segments, options.signal).catch((e: unknown) => {
          if (options.signal?.aborted) throw e;
          warnings.push(`On-screen text and faces could not be read (${safeMessage(e)}): the safe-zone and caption checks were not run.`);
          return null;
        })
      : Promise.resolve(null);
    reading.catch(() => undefined); // awaited below; an abort meanwhile must not count as unhandled
    const filename = options.originalFilename ?? path.basename(filePath);
    const info = videoInfo(probe, D, filename);

    // ---- optional AI: transcription (from the PCM we already have)
    let transcript: Transcript | null = null;
    const ai: AiMeta = { status: 'off', transcription: 'off', rewrite: 'off' };
    const errors: string[] = [];
    if (options.openai?.apiKey) {
      ai.model = options.openai.chatModel ?? 'gpt-4o-mini';
      if (pcmPath && fs.existsSync(pcmPath)) {
        emit('analyzing', 86, 'analysing');
        try {
          transcript = await transcribe(options.openai, pcmPath, D);
          ai.transcription = 'ok';
          if (transcript.segments.length) transcript = { ...transcript, hook_topic: await checkHookTopic(options.openai, transcript) };
        } catch (e) {
          ai.transcription = 'failed';
          errors.push(`transcription: ${safeMessage(e)}`);
        }
      }
    }

    const vision = await reading;
    if (vision) Object.assign(metrics, vision);

    // ---- the style-independent assessment (signals, model, rules), computed once for the frames and the report
    const assessment = assess(metrics, platformChoice, transcript, options.calibration?.params);

    // ---- frames (style-independent set so any style can be re-derived later)
    emit('generating', 88, 'rendering', 0);
    fs.mkdirSync(options.outDir, { recursive: true });
    let frames: Array<{ time_s: number; path: string }> = [];
    if (options.frames !== false) {
      const requests = frameTimes(metrics, platformChoice, transcript, assessment);
      frames = await collectFrames(filePath, requests, dec.thumbs, options.outDir, {
        ffmpegPath: options.ffmpegPath,
        durationS: D,
        fps: probe.video.fps,
        signal: options.signal,
        onProgress: (d, n) => emit('generating', 88 + (8 * d) / Math.max(1, n), 'rendering', (100 * d) / Math.max(1, n)),
      });
      if (frames.length === 0) warnings.push('No frames could be extracted.');
    }
    const deriveBase = { metrics, assessment, videoInfo: info, style, platform: platformChoice, frames, transcript, warnings, calibration: options.calibration };

    // ---- optional AI: rewrite the fixes from their evidence; the report is then built once, with the rewrites
    let rewrites: Awaited<ReturnType<typeof rewriteFixes>> | undefined;
    if (options.openai?.apiKey && options.openai.rewrite !== false) {
      emit('generating', 97, 'rendering', 100);
      const issues = fixesOf(deriveBase).map((f) => ({ id: f.id, title: f.title, evidence: f.evidence, fix: f.fix, timestamp: f.timestamp }));
      try {
        rewrites = await rewriteFixes(options.openai, issues, style, transcript);
        ai.rewrite = Object.keys(rewrites).length || !issues.length ? 'ok' : 'failed';
        if (ai.rewrite === 'failed') errors.push('rewrite: no usable fixes in the model response');
      } catch (e) {
        ai.rewrite = 'failed';
        errors.push(`rewrite: ${safeMessage(e)}`);
      }
    }
    const report = deriveReport({ ...deriveBase, ai: finishAi(ai, errors), rewrites, analysisSeconds: (Date.now() - t0) / 1000 });
    writeReport(options.outDir, report);
    emit('generating', 100, 'rendering', 100, 0);
    return report;
  } catch (e) {
    if (e instanceof AnalysisInputError || e instanceof AnalysisFailedError) throw e;
    throw new AnalysisFailedError(`Analysis failed: ${safeMessage(e)}`);
  } finally {
    frameReading?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function finishAi(ai: AiMeta, errors: string[]): AiMeta {
  const parts = [ai.transcription, ai.rewrite].filter((s) => s !== 'off');
  const status: AiMeta['status'] = parts.length === 0 ? 'off' : parts.every((s) => s === 'ok') ? 'ok' : parts.some((s) => s === 'ok') ? 'partial' : 'failed';
  return { ...ai, status, ...(errors.length ? { error: `${errors.join('; ')} (local results used)` } : {}) };
}

function safeMessage(e: unknown): string {
  const m = e instanceof Error ? e.message : String(e);
  // Never echo anything that looks like a key.
  return m.replace(/sk-[A-Za-z0-9_-]{8,}/g, 'sk-***').slice(0, 300);
}

export function writeReport(outDir: string, report: Report): string {
  const valid = validateReport(report);
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, 'report.json');
  const tmp = `${file}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, JSON.stringify(valid, null, 2));
  fs.renameSync(tmp, file);
  return file;
}

export interface RederiveOptions {
  style?: FeedbackStyle;
  platform?: PlatformChoice;
}

/**
 * Recomputes issues, selection, scores, retention and drop-offs from a stored report's `metrics` (and transcript),
 * for another feedback style or platform, without decoding the video. Frames are re-used (nearest stored frame).
 * AI-rewritten fixes are not carried over (they were written for the original style).
 */
export function rederiveReport(stored: unknown, options: RederiveOptions = {}): Report {
  const r = ReportSchema.parse(stored);
  const ai = r.report_metadata.ai_enrichment;
  return deriveReport({
    metrics: r.metrics,
    videoInfo: r.video_info,
    style: options.style ?? r.report_metadata.feedback_style,
    platform: options.platform ?? r.report_metadata.platform_requested,
    frames: r.frames,
    transcript: r.transcript,
    ai: { ...ai, rewrite: 'off' },
    analysisSeconds: r.report_metadata.analysis_seconds,
    warnings: r.report_metadata.warnings,
    rederivedFrom: r.report_metadata.generated_at,
    // The calibration the report was made with stays (the creator's curves may have changed since; a new analysis
    // picks that up).
    calibration: r.retention_calibration,
  });
}
