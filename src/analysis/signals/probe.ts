import * as fs from 'node:fs';
import { inputError, AnalysisFailedError } from '../errors';
import { runToolCapture } from './process';

export interface ProbeResult {
  formatName: string;
  durationS: number;
  fileSizeBytes: number;
  bitRate: number | null;
  video: {
    index: number;
    codec: string;
    /** Coded size as stored. */
    codedWidth: number;
    codedHeight: number;
    /** Size as displayed: the coded width stretched by the sample aspect ratio, then rotated. */
    width: number;
    height: number;
    /** Sample (pixel) aspect ratio as [num, den]; [1, 1] for square pixels or when the file does not say. */
    sampleAspect: [number, number];
    /** Clockwise display rotation in degrees (0, 90, 180, 270). */
    rotation: number;
    fps: number;
    /** avg_frame_rate and r_frame_rate disagree: variable frame rate. */
    variableFrameRate: boolean;
    pixFmt: string | null;
    durationS: number | null;
    frameCount: number | null;
  };
  audio: null | { index: number; codec: string; sampleRate: number; channels: number; durationS: number | null };
}

interface FfprobeStream {
  index: number;
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  sample_aspect_ratio?: string;
  r_frame_rate?: string;
  pix_fmt?: string;
  duration?: string;
  nb_frames?: string;
  sample_rate?: string;
  channels?: number;
  disposition?: { attached_pic?: number };
  tags?: Record<string, string>;
  side_data_list?: Array<{ side_data_type?: string; rotation?: number | string }>;
}
interface FfprobeOut {
  streams?: FfprobeStream[];
  format?: { format_name?: string; duration?: string; size?: string; bit_rate?: string };
}

export function parseRate(rate: string | undefined): number {
  if (!rate) return 0;
  const [n, d] = rate.split('/').map(Number);
  if (!Number.isFinite(n)) return 0;
  if (d === undefined) return n;
  return d > 0 ? n / d : 0;
}

/** Display rotation (clockwise degrees, normalised to 0/90/180/270) from the display matrix side data or the legacy `rotate` tag. */
export function rotationOf(s: FfprobeStream): number {
  let deg: number | null = null;
  for (const sd of s.side_data_list ?? []) {
    if (sd.rotation !== undefined && sd.rotation !== null && sd.rotation !== '') {
      // ffprobe reports the display matrix rotation counter-clockwise (e.g. -90 for a phone held upright).
      deg = -Number(sd.rotation);
      break;
    }
  }
  if (deg === null && s.tags?.rotate !== undefined) deg = Number(s.tags.rotate);
  if (deg === null || !Number.isFinite(deg)) return 0;
  const r = Math.round((((deg % 360) + 360) % 360) / 90) * 90;
  return r % 360;
}

/**
 * The sample aspect ratio ffprobe reports ("16:11"; "0:1" or "N/A" when unknown). Implausible values (a corrupt
 * header) count as square pixels: no real format stretches a pixel more than 4:1.
 */
export function sampleAspectOf(s: Pick<FfprobeStream, 'sample_aspect_ratio'>): [number, number] {
  const m = /^(\d+):(\d+)$/.exec(s.sample_aspect_ratio ?? '');
  if (!m) return [1, 1];
  const n = Number(m[1]);
  const d = Number(m[2]);
  if (!(n > 0 && d > 0) || n / d > 4 || d / n > 4) return [1, 1];
  return [n, d];
}

const num = (v: string | undefined): number | null => {
  if (v === undefined || v === 'N/A') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

/** Interprets ffprobe's JSON (pure; unit-tested). Throws AnalysisInputError for files that cannot be analysed. */
export function interpretProbe(json: FfprobeOut, fileSizeBytes: number): ProbeResult {
  const streams = json.streams ?? [];
  const v = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && (s.width ?? 0) > 0);
  if (!v) {
    if (streams.some((s) => s.codec_type === 'audio')) throw inputError('no_video_stream');
    throw inputError('unreadable', 'no streams');
  }
  const a = streams.find((s) => s.codec_type === 'audio');
  const formatName = json.format?.format_name ?? 'unknown';
  // Still images (png/jpeg/gif pipes) renamed .mp4 probe as one-frame "video".
  if (/(_pipe|image2)$/.test(formatName) || formatName === 'image2' || formatName === 'gif') {
    throw inputError('unreadable', `image format ${formatName}`);
  }
  const rotation = rotationOf(v);
  const cw = v.width ?? 0;
  const ch = v.height ?? 0;
  const swap = rotation === 90 || rotation === 270;
  const sampleAspect = sampleAspectOf(v);
  // Displayed width before rotation: players stretch the width by the sample aspect ratio (as ffmpeg's scale=iw*sar).
  const dw = Math.round((cw * sampleAspect[0]) / sampleAspect[1]);
  const avg = parseRate(v.avg_frame_rate);
  const r = parseRate(v.r_frame_rate);
  const fps = avg > 0 && avg < 1000 ? avg : r > 0 && r < 1000 ? r : 30;
  const variableFrameRate = avg > 0 && r > 0 && Math.abs(avg - r) / r > 0.02;
  const durationS =
    num(json.format?.duration) ?? num(v.duration) ?? (a ? num(a.duration) : null) ?? 0;
  return {
    formatName,
    durationS,
    fileSizeBytes,
    bitRate: num(json.format?.bit_rate),
    video: {
      index: v.index,
      codec: v.codec_name ?? 'unknown',
      codedWidth: cw,
      codedHeight: ch,
      width: swap ? ch : dw,
      height: swap ? dw : ch,
      sampleAspect,
      rotation,
      fps,
      variableFrameRate,
      pixFmt: v.pix_fmt ?? null,
      durationS: num(v.duration),
      frameCount: num(v.nb_frames),
    },
    audio: a
      ? {
          index: a.index,
          codec: a.codec_name ?? 'unknown',
          sampleRate: num(a.sample_rate) ?? 0,
          channels: a.channels ?? 0,
          durationS: num(a.duration),
        }
      : null,
  };
}

export const MAX_DURATION_S = 3600;
export const MIN_DURATION_S = 0.5;

/**
 * `filePath` may also be a URL ffprobe can read (a signed object-store URL); `opts.size` then gives the file's size,
 * which cannot be read from the file system.
 */
export async function probeFile(filePath: string, opts: { ffprobePath?: string; timeoutMs?: number; size?: number } = {}): Promise<ProbeResult> {
  let size: number;
  if (/^https?:\/\//.test(filePath) && opts.size !== undefined) {
    size = opts.size;
  } else {
    try {
      const st = await fs.promises.stat(filePath);
      if (!st.isFile()) throw inputError('not_found');
      size = st.size;
    } catch (e) {
      if ((e as Error).name === 'AnalysisInputError') throw e;
      throw inputError('not_found');
    }
  }
  if (size === 0) throw inputError('empty_file');
  const res = await runToolCapture(
    opts.ffprobePath ?? 'ffprobe',
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', '--', filePath],
    opts.timeoutMs ?? 60_000,
  );
  if (res.timedOut) throw new AnalysisFailedError('Reading the video took too long (ffprobe timed out).');
  let json: FfprobeOut;
  try {
    json = JSON.parse(res.stdout || '{}') as FfprobeOut;
  } catch {
    json = {};
  }
  if (res.code !== 0 || !json.streams || json.streams.length === 0) {
    const why = res.stderrTail.join('\n');
    if (/moov atom not found|Invalid data found|could not find codec|End of file/i.test(why) && size > 0) {
      throw inputError(/moov atom not found/i.test(why) ? 'truncated' : 'unreadable', why);
    }
    throw inputError('unreadable', why);
  }
  const p = interpretProbe(json, size);
  if (p.durationS > MAX_DURATION_S + 1) throw inputError('too_long');
  return p;
}
