/**
 * The content envelopes two cuts are aligned on: a few channels sampled at one rate (10 Hz), z-scored with statistics
 * pooled over both cuts so that the same content gives the same numbers in each. Channels that carry no information
 * in both cuts (a still picture's luma, a missing sound track) are dropped.
 */
import type { Metrics } from '@preflight/shared';

/** Samples per second of every envelope; the audio fingerprint's own rate, so that audio keeps its 100 ms detail. */
export const ENVELOPE_HZ = 10;

export interface Envelope {
  /** channels[c][i]: channel c at time i / ENVELOPE_HZ. */
  channels: Float64Array[];
  length: number;
  durationS: number;
}

export interface EnvelopePair {
  a: Envelope;
  b: Envelope;
  /** Names of the channels kept, for the method line. */
  channelNames: string[];
  /** True when the 1-s tracks had to stand in for a missing fingerprint (older reports): coarser alignment. */
  coarse: boolean;
}

interface RawChannels {
  audio: number[] | null;
  luma: number[];
  motion: number[];
  coarse: boolean;
}

/** Linear resampling of a track at `fromHz` to ENVELOPE_HZ over `length` samples. */
function resample(track: number[], fromHz: number, length: number): Float64Array {
  const out = new Float64Array(length);
  if (!track.length) return out;
  for (let i = 0; i < length; i++) {
    const x = (i / ENVELOPE_HZ) * fromHz;
    const k = Math.min(track.length - 1, Math.floor(x));
    const next = track[Math.min(track.length - 1, k + 1)];
    out[i] = track[k] + (next - track[k]) * Math.min(1, x - k);
  }
  return out;
}

function rawChannels(m: Metrics): RawChannels {
  const f = m.fingerprint;
  if (f) return { audio: m.has_audio && f.audio_db.length ? f.audio_db : null, luma: f.luma, motion: f.motion, coarse: false };
  // Reports made before the fingerprint: the per-second tracks, sampled at their centres.
  return {
    audio: m.has_audio && m.loudness.track.length ? m.loudness.track : null,
    luma: m.tracks.brightness,
    motion: m.tracks.motion,
    coarse: true,
  };
}

function rateOf(raw: RawChannels, name: 'audio' | 'luma' | 'motion'): number {
  if (raw.coarse) return 1;
  return name === 'audio' ? 10 : 4;
}

function meanStd(values: Float64Array[]): { mean: number; std: number } {
  let n = 0;
  let sum = 0;
  let sq = 0;
  for (const v of values) for (const x of v) {
    n++;
    sum += x;
    sq += x * x;
  }
  const mean = n ? sum / n : 0;
  return { mean, std: n ? Math.sqrt(Math.max(0, sq / n - mean * mean)) : 0 };
}

/**
 * A channel is kept when it varies at all across the two cuts: below these spreads (dB, luma levels) the channel is
 * encoder noise, and z-scoring it would blow the noise up to the size of real content.
 */
const MIN_STD: Record<string, number> = { audio: 1, luma: 1, motion: 0.3 };

export function envelopePair(a: Metrics, b: Metrics): EnvelopePair {
  const ra = rawChannels(a);
  const rb = rawChannels(b);
  const lenA = Math.max(1, Math.round(a.duration_s * ENVELOPE_HZ));
  const lenB = Math.max(1, Math.round(b.duration_s * ENVELOPE_HZ));
  const names: Array<'audio' | 'luma' | 'motion'> = ['audio', 'luma', 'motion'];
  const kept: string[] = [];
  const chA: Float64Array[] = [];
  const chB: Float64Array[] = [];
  for (const name of names) {
    const ta = ra[name];
    const tb = rb[name];
    if (!ta || !tb) continue;
    const xa = resample(ta, rateOf(ra, name), lenA);
    const xb = resample(tb, rateOf(rb, name), lenB);
    const { mean, std } = meanStd([xa, xb]);
    if (std < MIN_STD[name]) continue;
    for (const x of [xa, xb]) for (let i = 0; i < x.length; i++) x[i] = (x[i] - mean) / std;
    kept.push(name);
    chA.push(xa);
    chB.push(xb);
  }
  return {
    a: { channels: chA, length: lenA, durationS: a.duration_s },
    b: { channels: chB, length: lenB, durationS: b.duration_s },
    channelNames: kept,
    coarse: ra.coarse || rb.coarse,
  };
}

/** Value of channel c at fractional sample x (linear interpolation; clamped at the ends). */
export function sampleAt(env: Envelope, c: number, x: number): number {
  const ch = env.channels[c];
  if (x <= 0) return ch[0];
  if (x >= env.length - 1) return ch[env.length - 1];
  const k = Math.floor(x);
  return ch[k] + (ch[k + 1] - ch[k]) * (x - k);
}
