/**
 * Test clips for the speech / music / singing classifier: espeak-ng speech mixed over a pink-noise bed (ffmpeg's
 * anoisesrc) or a music bed, music alone, and a synthetic sung vocal over music. Each clip is a small video (a still
 * colour card) with the mix as its AAC track, so it goes through the product's real decode pass.
 *
 * Levels: the speech's ACTIVE level (RMS over the 20 ms frames where espeak is not silent, the way speech level is
 * measured for SNR, ITU-T P.56 in spirit) is set to `snrDb` above the bed's RMS. Measuring over the active frames only
 * makes the bed louder than an RMS over the whole line would, so this is the harder of the two readings of "+6 dB".
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { speak } from '../../scripts/media/generate';

const exec = promisify(execFile);
const SR = 22050;

export interface Interval {
  start_s: number;
  end_s: number;
}

export interface BedClip {
  path: string;
  durationS: number;
  /** Spoken stretches by construction (first to last non-silent sample of each line). */
  speech: Interval[];
  /** Stretches that hold no speech (music, song, noise). */
  nonspeech: Interval[];
}

/** A seeded pseudo-random generator (mulberry32), so every clip is the same on every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function rms(x: Float32Array, a = 0, b = x.length): number {
  let s = 0;
  for (let i = a; i < b; i++) s += x[i] * x[i];
  return Math.sqrt(s / Math.max(1, b - a));
}

/** RMS over the 20 ms frames above -50 dBFS (the active speech level). */
export function activeLevel(x: Float32Array): number {
  const hop = Math.round(0.02 * SR);
  let s = 0;
  let n = 0;
  for (let i = 0; i + hop <= x.length; i += hop) {
    const r = rms(x, i, i + hop);
    if (r > 10 ** (-50 / 20)) {
      s += r * r;
      n++;
    }
  }
  return n ? Math.sqrt(s / n) : 0;
}

/** Pink noise from ffmpeg's anoisesrc (seeded), at unit RMS. */
async function pinkNoise(seconds: number, seed: number): Promise<Float32Array> {
  const { stdout } = await exec(
    'ffmpeg',
    ['-nostdin', '-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `anoisesrc=color=pink:sample_rate=${SR}:amplitude=0.5:seed=${seed}:duration=${seconds}`, '-f', 'f32le', '-ac', '1', 'pipe:1'],
    { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 },
  );
  const b = stdout as unknown as Buffer;
  const x = new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.length));
  return scale(x, 1 / rms(x));
}

function scale(x: Float32Array, g: number): Float32Array {
  for (let i = 0; i < x.length; i++) x[i] *= g;
  return x;
}

const midi = (n: number) => 440 * 2 ** ((n - 69) / 12);

/**
 * A pop-like backing track at unit RMS: sustained chords (a few harmonics each) changing every bar, a plucked bass on
 * every beat, a kick on beats 1 and 3, a snare on 2 and 4 and closed hi-hats on eighths, at `bpm`. It has the things a
 * speech detector must not take for syllables: a 2-4 Hz pulse, onsets, and voiced-looking periodic sound.
 */
export function musicBed(seconds: number, seed: number, bpm = 104): Float32Array {
  const n = Math.round(seconds * SR);
  const x = new Float32Array(n);
  const rand = rng(seed);
  const beat = 60 / bpm;
  const chords = [
    [57, 60, 64],
    [53, 57, 60],
    [48, 52, 55],
    [55, 59, 62],
  ];
  for (let i = 0; i < n; i++) {
    const t = i / SR;
    const b = Math.floor(t / beat);
    const tb = t - b * beat;
    const chord = chords[Math.floor(b / 4) % chords.length];
    let v = 0;
    for (const note of chord) {
      const f = midi(note);
      v += 0.12 * (Math.sin(2 * Math.PI * f * t) + 0.5 * Math.sin(4 * Math.PI * f * t) + 0.25 * Math.sin(6 * Math.PI * f * t));
    }
    const bass = midi(chord[0] - 12);
    v += 0.35 * Math.exp(-tb / 0.25) * (Math.sin(2 * Math.PI * bass * t) + 0.3 * Math.sin(4 * Math.PI * bass * t));
    if (b % 2 === 0) v += 0.8 * Math.exp(-tb / 0.08) * Math.sin(2 * Math.PI * (50 + 80 * Math.exp(-tb / 0.03)) * tb);
    x[i] = v;
  }
  // Noise percussion: snare on the off-beats, hi-hats on eighths (white noise, short decays).
  for (let i = 0; i < n; i++) {
    const t = i / SR;
    const b = Math.floor(t / beat);
    const tb = t - b * beat;
    const te = t % (beat / 2);
    const noise = rand() * 2 - 1;
    if (b % 2 === 1) x[i] += 0.35 * Math.exp(-tb / 0.06) * noise;
    x[i] += 0.08 * Math.exp(-te / 0.02) * noise;
  }
  return scale(x, 1 / rms(x));
}

/** Formants (Hz) of a few sung vowels. */
const VOWELS: Array<[number, number, number]> = [
  [800, 1150, 2900], // a
  [400, 1700, 2600], // e
  [300, 2200, 3000], // i
  [450, 800, 2830], // o
  [325, 700, 2530], // u
];

/** Two-pole resonator (band-pass) applied in place. */
function resonate(x: Float32Array, f: number, bw: number): Float32Array {
  const r = Math.exp((-Math.PI * bw) / SR);
  const a1 = 2 * r * Math.cos((2 * Math.PI * f) / SR);
  const a2 = -r * r;
  const g = 1 - r;
  const y = new Float32Array(x.length);
  for (let i = 0; i < x.length; i++) y[i] = g * x[i] + a1 * (y[i - 1] ?? 0) + a2 * (y[i - 2] ?? 0);
  return y;
}

/**
 * A sung vocal at unit active level: a melody of notes on a beat grid (half a beat to two beats long, mostly legato),
 * each a syllable — a short consonant noise burst, then a vowel through its formants on a glottal-like harmonic
 * source held at the note's pitch with 5.5 Hz vibrato (±40 cents) and a small scoop into the note. This is what pop
 * singing looks like to a pitch tracker: long voiced runs on stable pitches, onsets on the beat.
 */
export function sungVocal(seconds: number, seed: number, bpm = 104): Float32Array {
  const n = Math.round(seconds * SR);
  const src = new Float32Array(n);
  const cons = new Float32Array(n);
  const rand = rng(seed);
  const beat = 60 / bpm;
  const scale_ = [0, 2, 4, 5, 7, 9, 11, 12];
  const lengths = [0.5, 1, 1, 1, 1.5, 2];
  const vowelOf = new Int8Array(n).fill(-1);
  let t = 0.25;
  let phase = 0;
  while (t < seconds - 0.3) {
    const len = lengths[Math.floor(rand() * lengths.length)] * beat;
    const note = 57 + scale_[Math.floor(rand() * scale_.length)];
    const f0 = midi(note);
    const vowel = Math.floor(rand() * VOWELS.length);
    const i0 = Math.round(t * SR);
    const i1 = Math.min(n, Math.round((t + len - (rand() < 0.3 ? 0.08 : 0.02)) * SR));
    const consLen = Math.round((0.03 + 0.04 * rand()) * SR);
    for (let i = i0; i < Math.min(i1, i0 + consLen); i++) cons[i] = (rand() * 2 - 1) * 0.5;
    for (let i = i0 + consLen; i < i1; i++) {
      const ti = (i - i0) / SR;
      const scoop = -0.7 * Math.exp(-ti / 0.05); // semitones
      const vib = (0.4 * Math.min(1, ti / 0.25)) * Math.sin(2 * Math.PI * 5.5 * ti);
      const f = f0 * 2 ** ((scoop + vib) / 12);
      phase += f / SR;
      const ph = phase % 1;
      // glottal-like pulse train: a sawtooth rich in harmonics, softened
      const env = Math.min(1, (i - i0 - consLen) / (0.03 * SR), (i1 - i) / (0.04 * SR));
      src[i] = env * (1 - 2 * ph);
      vowelOf[i] = vowel;
    }
    t += len;
  }
  // Each vowel through its formants (the source is split by vowel so every note keeps its own colour).
  const out = new Float32Array(n);
  VOWELS.forEach(([f1, f2, f3], v) => {
    const part = new Float32Array(n);
    for (let i = 0; i < n; i++) if (vowelOf[i] === v) part[i] = src[i];
    const y1 = resonate(part, f1, 80);
    const y2 = resonate(part, f2, 100);
    const y3 = resonate(part, f3, 120);
    for (let i = 0; i < n; i++) out[i] += y1[i] + 0.6 * y2[i] + 0.3 * y3[i];
  });
  const c = resonate(cons, 3500, 2000);
  for (let i = 0; i < n; i++) out[i] += 0.5 * c[i];
  return scale(out, 1 / activeLevel(out));
}

function writeWav(file: string, x: Float32Array) {
  const b = Buffer.alloc(44 + x.length * 2);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + x.length * 2, 4);
  b.write('WAVEfmt ', 8, 'ascii');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(SR, 24);
  b.writeUInt32LE(SR * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(x.length * 2, 40);
  for (let i = 0; i < x.length; i++) b.writeInt16LE(Math.round(Math.max(-1, Math.min(1, x[i])) * 32767), 44 + i * 2);
  fs.writeFileSync(file, b);
}

/** Writes the mix as the AAC track of a small still-card video. */
async function toVideo(dir: string, name: string, mix: Float32Array): Promise<string> {
  fs.mkdirSync(dir, { recursive: true });
  const wav = path.join(dir, `${name}.wav`);
  const out = path.join(dir, `${name}.mp4`);
  writeWav(wav, mix);
  const seconds = mix.length / SR;
  await exec('ffmpeg', [
    '-nostdin', '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `color=c=0x406080:s=160x90:r=10:d=${seconds.toFixed(3)}`,
    '-i', wav,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-b:a', '128k', '-shortest', out,
  ]);
  fs.rmSync(wav);
  return out;
}

export type Bed = 'pink' | 'music' | 'none';

/** Peak-safe level for the bed: -26 dBFS RMS (speech then sits at -20 to -14 dBFS active, as a phone recording does). */
const BED_DB = -26;

/** Spans of `x` (at SR) from the first to the last sample above -50 dBFS, split at pauses longer than 0.6 s. */
function spokenSpans(x: Float32Array, at: number): Interval[] {
  const th = 10 ** (-50 / 20);
  const out: Interval[] = [];
  let first = -1;
  let last = -1;
  for (let i = 0; i < x.length; i++) {
    if (Math.abs(x[i]) <= th) continue;
    if (first >= 0 && i - last > 0.6 * SR) {
      out.push({ start_s: (at + first) / SR, end_s: (at + last + 1) / SR });
      first = -1;
    }
    if (first < 0) first = i;
    last = i;
  }
  if (first >= 0) out.push({ start_s: (at + first) / SR, end_s: (at + last + 1) / SR });
  return out;
}

/**
 * Spoken lines (each at `lineAt[i]` seconds) `snrDb` above a bed that runs the whole clip. The first line may start at
 * 0 (the hook case of the issue: a line at the very start of the video).
 */
export async function speechOverBed(o: {
  dir: string;
  name: string;
  bed: Bed;
  snrDb: number;
  lines: Array<{ text: string; at: number }>;
  seconds: number;
  seed?: number;
}): Promise<BedClip> {
  const seed = o.seed ?? 7;
  const n = Math.round(o.seconds * SR);
  const bedAmp = 10 ** (BED_DB / 20);
  const mix = o.bed === 'pink' ? scale(await pinkNoise(o.seconds, seed), bedAmp) : o.bed === 'music' ? scale(musicBed(o.seconds, seed), bedAmp) : new Float32Array(n);
  const speech: Interval[] = [];
  const speechAmp = 10 ** ((BED_DB + o.snrDb) / 20);
  for (const line of o.lines) {
    const sp = await speak(line.text);
    const g = speechAmp / activeLevel(sp);
    const at = Math.round(line.at * SR);
    // espeak leaves a little silence before the first phoneme: the truth is where the sound starts.
    for (let k = 0; k < sp.length && at + k < n; k++) mix[at + k] += sp[k] * g;
    speech.push(...spokenSpans(sp.subarray(0, Math.max(0, n - at)), at));
  }
  const nonspeech: Interval[] = [];
  let t = 0;
  for (const s of speech) {
    if (s.start_s - t > 0.6) nonspeech.push({ start_s: t + 0.25, end_s: s.start_s - 0.25 });
    t = s.end_s;
  }
  if (o.seconds - t > 0.6) nonspeech.push({ start_s: t + 0.25, end_s: o.seconds });
  return { path: await toVideo(o.dir, o.name, mix), durationS: o.seconds, speech, nonspeech };
}

/** Music alone, or a sung vocal `vocalDb` above the music (a pop song): no speech anywhere. */
export async function musicClip(o: { dir: string; name: string; seconds: number; vocalDb?: number; seed?: number; bpm?: number }): Promise<BedClip> {
  const seed = o.seed ?? 11;
  const mix = scale(musicBed(o.seconds, seed, o.bpm), 10 ** (BED_DB / 20));
  if (o.vocalDb !== undefined) {
    const v = sungVocal(o.seconds, seed + 1, o.bpm);
    const g = 10 ** ((BED_DB + o.vocalDb) / 20);
    for (let i = 0; i < mix.length; i++) mix[i] += v[i] * g;
  }
  return { path: await toVideo(o.dir, o.name, mix), durationS: o.seconds, speech: [], nonspeech: [{ start_s: 0, end_s: o.seconds }] };
}
