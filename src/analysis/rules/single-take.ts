/**
 * Pacing advice for videos with (almost) no cuts: a talking head in one take, a voice-over on a still card, a single
 * static shot. The rhythm-based lull rule needs cuts to know the video's own rhythm; this one measures against the
 * platform's pace instead (a visual change every few seconds on short-form feeds, less often on YouTube) and says
 * WHERE a change would help: at the pauses between spoken phrases (natural edit points), or evenly when nobody speaks.
 */
import type { Metrics, Segment } from '@preflight/shared';
import { C, PLATFORM_PRESETS, type Platform } from '../model/constants';
import { fadeChanges } from '../model/signals';
import { mss } from '../time';
import { fixedGrade, graded } from './rule';

export interface SingleTake extends Segment {
  /** Seconds between visual changes the platform's pace calls for. */
  every_s: number;
  /** Suggested moments for a visual change (s), at speech pauses when there is speech. */
  moments: number[];
  /** Median motion over the stretch (0-255 luma change), for the evidence. */
  motion: number;
  speechShare: number;
}

const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] : 0);

/** Subtracts `cover` from `seg`; returns the remaining pieces. */
function subtract(seg: Segment, cover: Segment[]): Segment[] {
  let pieces: Segment[] = [seg];
  for (const c of cover) {
    pieces = pieces.flatMap((p) => {
      if (c.end_s <= p.start_s || c.start_s >= p.end_s) return [p];
      return [
        { start_s: p.start_s, end_s: c.start_s },
        { start_s: c.end_s, end_s: p.end_s },
      ].filter((x) => x.end_s - x.start_s > 0.05);
    });
  }
  return pieces;
}

/**
 * Long uncut stretches (shots of a video with fewer than 3 changes of picture), minus what other findings already
 * cover (dead or static stretches), at least SINGLE_TAKE_MIN_MULT x the platform's change interval long. A fade or a
 * dip through black changes the picture as a cut does. One take is the format of a talking head: a stretch that is
 * mostly speech is a finding only from SINGLE_TAKE_TALKING_MIN_S on; and a take in which the picture moves is one
 * only from SINGLE_TAKE_MEDIUM_MULT intervals on (something else changes in it).
 */
export function singleTakes(m: Metrics, platform: Platform, covered: Segment[]): SingleTake[] {
  const changes = [...m.cuts, ...fadeChanges(m)].sort((a, b) => a - b);
  if (changes.length >= 3) return []; // the video has a rhythm of its own: the lull rule judges it
  const every = PLATFORM_PRESETS[platform].visualChangeEveryS;
  const bounds = [0, ...changes, m.duration_s];
  const out: SingleTake[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    // Whether the take is long for what it is, judged on the whole take (not what other findings leave of it).
    const take = { start_s: bounds[i], end_s: bounds[i + 1] };
    const takeLen = take.end_s - take.start_s;
    if (speechShareOf(m, take) > 0.3 && takeLen < C.SINGLE_TAKE_TALKING_MIN_S) continue;
    if (median(m.tracks.motion.slice(Math.floor(take.start_s), Math.ceil(take.end_s))) >= C.STATIC_MOTION_MAX * 2 && takeLen < C.SINGLE_TAKE_MEDIUM_MULT * every) continue;
    const pieces = subtract(take, covered);
    for (const p of pieces) {
      const len = p.end_s - p.start_s;
      if (len < C.SINGLE_TAKE_MIN_MULT * every) continue;
      const speech = m.speech_segments.filter((g) => g.end_s > p.start_s && g.start_s < p.end_s);
      const speechShare = speechShareOf(m, p);
      const motion = median(m.tracks.motion.slice(Math.floor(p.start_s), Math.ceil(p.end_s)));
      // Natural edit points: the pauses between phrases (end of one segment), else even spacing.
      const pauses = speech.slice(0, -1).map((g) => g.end_s).filter((t) => t > p.start_s && t < p.end_s);
      const candidates = pauses.length ? pauses : Array.from({ length: Math.floor(len / every) }, (_, k) => p.start_s + (k + 1) * every);
      const moments: number[] = [];
      let last = p.start_s;
      for (const t of candidates) {
        if (t - last >= every * 0.75 && p.end_s - t >= 1) {
          moments.push(Math.round(t * 10) / 10);
          last = t;
        }
      }
      if (!moments.length) moments.push(Math.round((p.start_s + Math.min(every, len / 2)) * 10) / 10);
      out.push({ start_s: p.start_s, end_s: p.end_s, every_s: every, moments, motion, speechShare });
    }
  }
  return out;
}

function speechShareOf(m: Metrics, seg: Segment): number {
  const len = seg.end_s - seg.start_s;
  return len > 0 ? m.speech_segments.reduce((a, g) => a + Math.max(0, Math.min(g.end_s, seg.end_s) - Math.max(g.start_s, seg.start_s)), 0) / len : 0;
}

export function describeSingleTake(t: SingleTake, platformLabel: string) {
  const len = t.end_s - t.start_s;
  const still = t.motion < C.STATIC_MOTION_MAX * 2;
  const at = t.moments.slice(0, 5).map(mss).join(', ');
  // Sized in the platform's change intervals; only a nearly still take goes on to medium.
  const scale = { from: { low: C.SINGLE_TAKE_MIN_MULT, ...(still ? { medium: C.SINGLE_TAKE_MEDIUM_MULT } : {}) }, halfBeyond: C.SINGLE_TAKE_MEDIUM_MULT };
  const g = graded(len / t.every_s, scale) ?? fixedGrade('low');
  return {
    ...g,
    speaks: t.speechShare > 0.3,
    evidence:
      `${len.toFixed(1)} s in one shot from ${mss(t.start_s)} with ${still ? 'almost no movement' : 'no cut'}` +
      `${t.speechShare > 0.3 ? ` (speech ${Math.round(t.speechShare * 100)} % of it)` : ''}; ${platformLabel} viewers are used to a visual change about every ${t.every_s} s`,
    facts: { len: len.toFixed(1), at: mss(t.start_s), every: t.every_s, moments: at, pauses: t.speechShare > 0.3 ? 'the pauses between your phrases' : 'even intervals' },
  };
}
