/**
 * Audio classification over time: speech / music / other sound / silence.
 *
 * Silero VAD alone fires on singing, and sometimes on instruments or birdsong. Speech is kept only where the VAD
 * AND the structure of the sound agree:
 *   1. per VAD segment: the model must be confident on average (mean probability) and the segment must be mostly
 *      voiced (periodic) — a thud or a chirp that crossed the threshold for half a second is neither;
 *   2. per 0.5 s block inside a segment: speech comes in syllables, so its energy dips between them many times a
 *      second (a high share of "low-energy frames" and strong 2.5-7 Hz envelope modulation, Scheirer & Slaney 1997).
 *      A held sung note, a piano or an orchestral bed is continuous: no dips, little syllabic modulation.
 *   3. per run of kept segments (less than 3 s apart): singing is not speech. A sung line sits on held notes (pitch
 *      within a semitone for >= 300 ms) for most of its voiced time, where a speaker's pitch glides, and Silero is
 *      often only half sure of it; or its notes, however short, are in tune with each other and with the backing's
 *      bass (isSung). Judged over the run, since notes show over seconds, not syllables; a segment that is clearly
 *      spoken on its own is kept out of its run's judgement (dropSung).
 * Every other non-silent block is music when it is tonal (mostly periodic frames, or pitches held for ≥ 300 ms),
 * otherwise "other" (noise, effects, room tone). Silence is below the same -50 dBFS floor silencedetect uses.
 * All inputs are measured on the one PCM stream of the decode pass; the thresholds are physical properties of
 * speech, not fitted to any clip (see ../model/constants.ts).
 */
import { C } from '../model/constants';
import type { AudioFrames } from './audio-features';
import { FRAME_S } from './audio-features';
import { round, type Segment } from './parsers';

export const AUDIO_CLASSES = ['speech', 'music', 'other', 'silence'] as const;
export type AudioClass = (typeof AUDIO_CLASSES)[number];
export interface AudioClassSegment extends Segment {
  class: AudioClass;
}

export interface BlockFeatures {
  start_s: number;
  end_s: number;
  /** Mean frame energy, dBFS. */
  db: number;
  /**
   * Share of frames (±0.5 s context) whose energy dips below half the context's mean (RMS), measured above the bed
   * when a steady bed sits clearly under the context (see bedPower): noise or music under a voice fills the dips
   * between syllables, and the dips are still there once the bed is taken off.
   */
  lowEnergyShare: number;
  /** Level of the steady bed under the block (dBFS): a low percentile of frame energy over ±BED_WINDOW_S. */
  bedDb: number;
  /** Share of the context's envelope modulation energy between 2.5 and 7 Hz (syllable rate). */
  syllabicModulation: number;
  /** Share of frames with a clear pitch. */
  voicedShare: number;
  /** Share of frames inside a pitch held within a semitone for ≥ 300 ms. */
  heldPitchShare: number;
}

const BLOCK_FRAMES = Math.round(C.AUDIO_BLOCK_S / FRAME_S);
const CONTEXT_FRAMES = Math.round(0.5 / FRAME_S);
const HELD_MIN_FRAMES = Math.round(0.3 / FRAME_S);
/** A note (pitchNotes) lasts at least 0.1 s and stays within 0.8 semitone of its running mean (vibrato is ±0.2-0.7). */
const NOTE_MIN_FRAMES = Math.round(0.1 / FRAME_S);
const NOTE_TOLERANCE_ST = 0.8;
const BED_FRAMES = Math.round(C.BED_WINDOW_S / FRAME_S);

/**
 * The steady bed's power under each block: the BED_PERCENTILE of frame power over ±BED_WINDOW_S. A voice pauses
 * between words and lines, so over a few seconds its quietest frames are the bed alone (noise, a music bed, room tone);
 * a continuous sound (a held note, an orchestra) has its quietest frames close to its mean, which the caller checks.
 */
function bedPower(f: AudioFrames, blockStarts: number[]): number[] {
  const out: number[] = [];
  const buf: number[] = [];
  for (const i0 of blockStarts) {
    const a = Math.max(0, i0 - BED_FRAMES);
    const b = Math.min(f.length, i0 + BLOCK_FRAMES + BED_FRAMES);
    buf.length = 0;
    for (let i = a; i < b; i++) buf.push(f.rms[i] * f.rms[i]);
    buf.sort((x, y) => x - y);
    out.push(buf.length ? buf[Math.floor(C.BED_PERCENTILE * (buf.length - 1))] : 0);
  }
  return out;
}

/** Marks frames that belong to a held pitch (within ±1 semitone of the run's first frame, one-frame glitches allowed). */
export function heldPitchFrames(f: AudioFrames): Uint8Array {
  const held = new Uint8Array(f.length);
  for (let i = 0; i < f.length; ) {
    if (!(f.f0[i] > 0)) {
      i++;
      continue;
    }
    const anchor = f.f0[i];
    let last = i;
    let miss = 0;
    for (let j = i + 1; j < f.length; j++) {
      if (f.f0[j] > 0 && Math.abs(12 * Math.log2(f.f0[j] / anchor)) < 1) {
        last = j;
        miss = 0;
      } else if (++miss > 1) break;
    }
    if (last - i + 1 >= HELD_MIN_FRAMES) held.fill(1, i, last + 1);
    i = last + 1;
  }
  return held;
}

export interface SingingEvidence {
  /** Share of the window's voiced frames on a held pitch (notes). */
  heldShare: number;
  /** Silero's mean speech probability over the window. */
  vadMean: number;
  /** Pitch plateaus (notes) found in the window (see pitchNotes). */
  notes: number;
  /** Share of the window's voiced frames inside those plateaus: a sung line sits on notes, a speaking voice glides. */
  noteShare: number;
  /** Pitch span of the notes in semitones, second lowest to second highest (one stray note, an octave error, aside). */
  noteSpan: number;
  /**
   * Rayleigh statistic of the notes' pitches on the semitone circle: notes × R², R the length of the mean of
   * e^(2πi·pitch in semitones). Notes in tune with each other (any reference) sit at the same point of the circle and
   * give R near 1; the plateaus of a speaking voice fall anywhere, R ~ 1/√notes and the statistic ~ 1 (P(> z) = e^-z).
   */
  tuning: number;
}

/**
 * The pitch plateaus of frames [a, b): runs of voiced frames (one unvoiced frame bridged) that stay within
 * NOTE_TOLERANCE_ST of their running mean for at least NOTE_MIN_FRAMES, each as its median pitch in semitones.
 * A sung note (vibrato and scoop included) is one plateau; the frames where a pitch tracker falls on the backing's bass
 * or chords are plateaus too, in tune with the vocal. A speaking voice glides, so its plateaus are short and anywhere.
 */
export function pitchNotes(f: AudioFrames, a: number, b: number): Array<{ st: number; frames: number }> {
  const notes: Array<{ st: number; frames: number }> = [];
  let cur: number[] = [];
  let sum = 0;
  let gap = 0;
  const close = () => {
    if (cur.length >= NOTE_MIN_FRAMES) notes.push({ st: cur.sort((x, y) => x - y)[cur.length >> 1], frames: cur.length });
    cur = [];
    sum = 0;
  };
  for (let i = a; i < b; i++) {
    if (!(f.f0[i] > 0)) {
      if (++gap > 1) close();
      continue;
    }
    gap = 0;
    const st = 12 * Math.log2(f.f0[i] / 440);
    if (cur.length && Math.abs(st - sum / cur.length) >= NOTE_TOLERANCE_ST) close();
    cur.push(st);
    sum += st;
  }
  close();
  return notes;
}

function spanOf(pitches: number[]): number {
  const p = [...pitches].sort((x, y) => x - y);
  return p[p.length - 2] - p[1];
}

/** Singing evidence over the frame ranges (a long window: rhythm and notes show over seconds, not one syllable). */
export function singingEvidence(f: AudioFrames, held: Uint8Array, probs: ArrayLike<number>, ranges: Array<[number, number]>): SingingEvidence {
  let voiced = 0;
  let h = 0;
  let p = 0;
  let re = 0;
  let im = 0;
  let notes = 0;
  let inNotes = 0;
  const pitches: number[] = [];
  const w = C.VAD_WINDOW / C.VAD_SAMPLE_RATE;
  for (const [a, b] of ranges) {
    for (let i = a; i < b; i++) {
      if (!(f.f0[i] > 0)) continue;
      voiced++;
      h += held[i];
      // The VAD where the voice sounds (its pauses and the window's edges say nothing about how sure it is of the voice).
      p += probs[Math.min(probs.length - 1, Math.floor((i * FRAME_S) / w))] ?? 0;
    }
    for (const n of pitchNotes(f, a, b)) {
      re += Math.cos(2 * Math.PI * n.st);
      im += Math.sin(2 * Math.PI * n.st);
      notes++;
      inNotes += n.frames;
      pitches.push(n.st);
    }
  }
  return {
    heldShare: voiced ? h / voiced : 0,
    vadMean: voiced ? p / voiced : 0,
    notes,
    noteShare: voiced ? Math.min(1, inNotes / voiced) : 0,
    noteSpan: pitches.length >= 4 ? spanOf(pitches) : 0,
    tuning: notes ? (re * re + im * im) / notes : 0,
  };
}

/**
 * Sung, not spoken, judged over a whole stretch of speech-like sound (notes and their rhythm show over seconds, not in
 * one syllable), on either of two signs:
 *   - held notes: nearly all of its voiced frames sit on held notes (a speaker's pitch glides: 0-0.2 of voiced frames;
 *     a text-to-speech voice, flat across syllables, up to 0.6), or many do AND the VAD is only half sure of the voice
 *     (Silero gives sung lines 0.5-0.7 on their voiced frames, a voice 6 dB over a bed 0.8-1). Held notes alone do not
 *     decide: a synthetic voice holds its pitch flat across syllables, and a music bed's bass holds notes under any voice;
 *   - notes in tune: the voice sits on notes (pitch plateaus) for most of its voiced time, where a speaking voice
 *     glides (real speech 0.25-0.4 of voiced frames); the notes span at least SUNG_MIN_NOTE_SPAN_ST semitones (a
 *     melody and the bass under it; the plateaus of a flat text-to-speech voice span at most 8); and at least
 *     SUNG_MIN_NOTES of them agree on the semitone grid (tuning >= SUNG_MIN_TUNING, which a speaking voice's plateaus
 *     reach by chance a few times in a hundred, and espeak-ng's a little more often). This catches fast songs whose
 *     notes are too short to count as held, a vocal the pitch tracker keeps losing to the backing (whose notes are in
 *     the same tuning), and wide vibrato.
 */
export function isSung(e: SingingEvidence): boolean {
  if (e.heldShare >= C.SUNG_HELD_SHARE || (e.heldShare >= C.SUNG_MIN_HELD_SHARE && e.vadMean < C.SUNG_MAX_VAD_MEAN)) return true;
  return e.notes >= C.SUNG_MIN_NOTES && e.noteShare >= C.SUNG_MIN_NOTE_SHARE && e.noteSpan >= C.SUNG_MIN_NOTE_SPAN_ST && e.tuning >= C.SUNG_MIN_TUNING;
}

/**
 * Spoken beyond doubt on its own evidence (a segment long enough to judge alone): not sung, its notes out of tune
 * (tuning below SPOKEN_MAX_TUNING, what a speaking voice gives 86 % of the time) and its pitch mostly gliding. Such a
 * segment is not judged with its neighbours: a line spoken just before or after a song stays speech.
 */
export function isClearlySpoken(e: SingingEvidence): boolean {
  return !isSung(e) && e.tuning < C.SPOKEN_MAX_TUNING && e.heldShare < C.SPOKEN_MAX_HELD_SHARE;
}

/** Modulation spectrum share of the 2.5-7 Hz band in an energy envelope sampled every FRAME_S. */
function syllabicShare(env: Float32Array, a: number, b: number): number {
  const n = b - a;
  if (n < 8) return 0;
  let mean = 0;
  for (let i = a; i < b; i++) mean += env[i];
  mean /= n;
  let band = 0;
  let total = 0;
  for (let k = 1; k < n / 2; k++) {
    let re = 0;
    let im = 0;
    const w = (2 * Math.PI * k) / n;
    for (let i = 0; i < n; i++) {
      const v = env[a + i] - mean;
      re += v * Math.cos(w * i);
      im -= v * Math.sin(w * i);
    }
    const p = re * re + im * im;
    total += p;
    const hz = k / (n * FRAME_S);
    if (hz >= 2.5 && hz <= 7) band += p;
  }
  return total > 0 ? band / total : 0;
}

export function blockFeatures(f: AudioFrames): BlockFeatures[] {
  const held = heldPitchFrames(f);
  const starts: number[] = [];
  for (let i0 = 0; i0 < f.length; i0 += BLOCK_FRAMES) starts.push(i0);
  const beds = bedPower(f, starts);
  const out: BlockFeatures[] = [];
  starts.forEach((i0, k) => {
    const i1 = Math.min(f.length, i0 + BLOCK_FRAMES);
    const c0 = Math.max(0, i0 - CONTEXT_FRAMES);
    const c1 = Math.min(f.length, i1 + CONTEXT_FRAMES);
    let e = 0;
    for (let i = i0; i < i1; i++) e += f.rms[i] * f.rms[i];
    let meanPower = 0;
    for (let i = c0; i < c1; i++) meanPower += f.rms[i] * f.rms[i];
    meanPower /= c1 - c0;
    // Take the bed off only where something stands clearly above it: under a continuous sound the "bed" is that
    // sound's own quiet moments, and taking it off would carve dips into a held note.
    const bed = meanPower >= C.BED_MIN_FOREGROUND_RATIO * beds[k] ? beds[k] : 0;
    // "Below half the mean RMS" is below a quarter of the mean power, both measured above the bed.
    const lowPower = bed + 0.25 * (meanPower - bed);
    let low = 0;
    let voiced = 0;
    let heldN = 0;
    for (let i = c0; i < c1; i++) {
      if (f.rms[i] * f.rms[i] < lowPower) low++;
      if (f.f0[i] > 0) voiced++;
      heldN += held[i];
    }
    out.push({
      start_s: i0 * FRAME_S,
      end_s: i1 * FRAME_S,
      db: 10 * Math.log10(e / (i1 - i0) + 1e-12),
      lowEnergyShare: low / (c1 - c0),
      bedDb: 10 * Math.log10(beds[k] + 1e-12),
      syllabicModulation: syllabicShare(f.rms, c0, c1),
      voicedShare: voiced / (c1 - c0),
      heldPitchShare: heldN / (c1 - c0),
    });
  });
  return out;
}

/** Speech has syllables: energy dips between them, or a strong syllable-rate modulation (speech over a music bed). */
export function blockHasSyllables(b: BlockFeatures): boolean {
  return b.lowEnergyShare >= C.SPEECH_MIN_LOW_ENERGY_SHARE || b.syllabicModulation >= C.SPEECH_MIN_SYLLABIC_MODULATION;
}

function segmentStats(s: Segment, f: AudioFrames, probs: ArrayLike<number>) {
  const a = Math.max(0, Math.floor(s.start_s / FRAME_S));
  const b = Math.min(f.length, Math.ceil(s.end_s / FRAME_S));
  let voiced = 0;
  for (let i = a; i < b; i++) if (f.f0[i] > 0) voiced++;
  const w = C.VAD_WINDOW / C.VAD_SAMPLE_RATE;
  const p0 = Math.floor(s.start_s / w);
  const p1 = Math.min(probs.length, Math.ceil(s.end_s / w));
  let p = 0;
  for (let i = p0; i < p1; i++) p += probs[i];
  return { voicedShare: b > a ? voiced / (b - a) : 0, meanProb: p1 > p0 ? p / (p1 - p0) : 0 };
}

/** Keeps the parts of the VAD's segments that are speech (see the file comment). Pure. */
export function refineSpeech(vadSegments: Segment[], f: AudioFrames, probs: ArrayLike<number>, blocks = blockFeatures(f)): Segment[] {
  return dropSung(keepSyllabic(vadSegments, f, probs, blocks), f, probs);
}

/** Steps 1 and 2 of the file comment: the VAD's confident, voiced segments, cut to their blocks with syllables. */
export function keepSyllabic(vadSegments: Segment[], f: AudioFrames, probs: ArrayLike<number>, blocks: BlockFeatures[]): Segment[] {
  const out: Segment[] = [];
  for (const s of vadSegments) {
    const st = segmentStats(s, f, probs);
    // A bed lowers the measured voicing (the mixture is less periodic than the voice), so a segment the VAD is sure of
    // needs less of it.
    const minVoiced = st.meanProb >= C.SPEECH_SURE_MEAN_PROB ? C.SPEECH_SURE_MIN_VOICED_SHARE : C.SPEECH_MIN_VOICED_SHARE;
    if (st.meanProb < C.SPEECH_MIN_MEAN_PROB || st.voicedShare < minVoiced) continue;
    // Split at blocks without syllables (a held note or an instrument inside one VAD segment).
    let cur: Segment | null = null;
    const flush = () => {
      if (cur && cur.end_s - cur.start_s >= C.VAD_MIN_SPEECH_S) out.push({ start_s: round(cur.start_s, 3), end_s: round(cur.end_s, 3) });
      cur = null;
    };
    for (const b of blocks) {
      if (b.end_s <= s.start_s || b.start_s >= s.end_s) continue;
      const a = Math.max(b.start_s, s.start_s);
      const e = Math.min(b.end_s, s.end_s);
      if (blockHasSyllables(b)) {
        if (cur) cur.end_s = e;
        else cur = { start_s: a, end_s: e };
      } else flush();
    }
    flush();
  }
  return out;
}

/**
 * Drops the segments that are sung, judged per run of segments less than SUNG_RUN_GAP_S apart (isSung needs seconds of
 * sound). A segment long enough to judge alone (SUNG_OWN_MIN_S) is dropped when it is sung on its own evidence and
 * kept when it is clearly spoken (isClearlySpoken); the rest of the run is judged together. So a spoken line that
 * follows a song by half a second is not judged with the song, and the song's short phrases still are.
 */
function dropSung(segs: Segment[], f: AudioFrames, probs: ArrayLike<number>): Segment[] {
  if (!segs.length) return segs;
  const held = heldPitchFrames(f);
  const frames = (s: Segment): [number, number] => [Math.max(0, Math.floor(s.start_s / FRAME_S)), Math.min(f.length, Math.ceil(s.end_s / FRAME_S))];
  const out: Segment[] = [];
  let run: Segment[] = [];
  const judge = () => {
    const own = run.map((s) => (s.end_s - s.start_s >= C.SUNG_OWN_MIN_S ? singingEvidence(f, held, probs, [frames(s)]) : null));
    const spoken = own.map((e) => !!e && isClearlySpoken(e));
    const rest = run.filter((_, k) => !spoken[k]);
    const restSung = rest.length > 0 && isSung(singingEvidence(f, held, probs, rest.map(frames)));
    run.forEach((s, k) => {
      const e = own[k];
      if (spoken[k] || (!restSung && !(e && isSung(e)))) out.push(s);
    });
    run = [];
  };
  for (const s of segs) {
    if (run.length && s.start_s - run[run.length - 1].end_s >= C.SUNG_RUN_GAP_S) judge();
    run.push(s);
  }
  judge();
  return out;
}

/** The whole track as contiguous speech / music / other / silence segments covering [0, durationS]. Pure. */
export function classifyAudio(speech: Segment[], blocks: BlockFeatures[], durationS: number): AudioClassSegment[] {
  const raw: AudioClassSegment[] = [];
  const push = (start: number, end: number, cls: AudioClass) => {
    if (end - start <= 1e-6) return;
    const last = raw[raw.length - 1];
    if (last && last.class === cls && Math.abs(last.end_s - start) < 1e-6) last.end_s = end;
    else raw.push({ start_s: start, end_s: end, class: cls });
  };
  const sp = [...speech].sort((a, b) => a.start_s - b.start_s);
  const blockClass = (b: BlockFeatures | undefined): AudioClass => {
    if (!b || b.db < C.SILENCE_NOISE_DB) return 'silence';
    return b.voicedShare >= C.MUSIC_MIN_VOICED_SHARE || b.heldPitchShare >= C.MUSIC_MIN_HELD_PITCH_SHARE ? 'music' : 'other';
  };
  // Walk the timeline: speech segments as they are, block classes in between (cut at segment edges).
  let t = 0;
  const fill = (from: number, to: number) => {
    for (const b of blocks) {
      const a = Math.max(from, b.start_s);
      const e = Math.min(to, b.end_s);
      if (e > a) push(a, e, blockClass(b));
    }
    const lastEnd = blocks.length ? blocks[blocks.length - 1].end_s : 0;
    if (to > Math.max(from, lastEnd)) push(Math.max(from, lastEnd), to, 'silence');
  };
  for (const s of sp) {
    const a = Math.max(t, Math.min(s.start_s, durationS));
    const e = Math.min(durationS, s.end_s);
    if (e <= a) continue;
    fill(t, a);
    push(a, e, 'speech');
    t = e;
  }
  fill(t, durationS);
  // Blocks are 0.5 s: fold slivers shorter than a block into their neighbour so the timeline reads cleanly.
  const out: AudioClassSegment[] = [];
  for (const g of raw) {
    const last = out[out.length - 1];
    if (last && g.class !== 'speech' && last.class !== 'speech' && g.end_s - g.start_s < C.AUDIO_BLOCK_S / 2) last.end_s = g.end_s;
    else if (last && last.class === g.class) last.end_s = g.end_s;
    else out.push({ ...g });
  }
  // Music is something you hear as music: a tonal run shorter than MUSIC_MIN_S (a voiced tail between two phrases)
  // is "other" sound.
  const final: AudioClassSegment[] = [];
  for (const g of out) {
    const cls: AudioClass = g.class === 'music' && g.end_s - g.start_s < C.MUSIC_MIN_S ? 'other' : g.class;
    const last = final[final.length - 1];
    if (last && last.class === cls) last.end_s = g.end_s;
    else final.push({ ...g, class: cls });
  }
  return final.map((g) => ({ start_s: round(g.start_s, 3), end_s: round(g.end_s, 3), class: g.class }));
}
