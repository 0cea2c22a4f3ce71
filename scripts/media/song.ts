/**
 * Synthetic songs for the test media: a pop-like backing track and a sung vocal line, both on a tempo grid and seeded
 * (the same options give the same samples). Used by the generator (scripts/media/generate.ts, a shot's `song`) and by
 * the speech-bed tests (test/support/speech-beds.ts). Both are returned at unit level (the backing at unit RMS, the
 * vocal at unit active level) so callers set levels in dB.
 *
 * What the vocal has that singing has and speech has not, to the extent a synthesis can: long voiced notes (half a
 * beat to two beats, mostly legato) on the pitches of a scale, a scoop into each note, vibrato, a short consonant at
 * each syllable's start, onsets on the beat grid. Parameters vary the tempo, the range (a male, a mid or a female
 * voice), the vibrato and how legato the line is, so the suite is not one song.
 */

export const SONG_RATE = 22050;

/** mulberry32: a small seeded generator, so generated media are the same on every run (the generator uses it too). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** RMS of a whole signal (the generator's mix uses it too). */
export function rms(x: Float32Array): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += x[i] * x[i];
  return Math.sqrt(s / Math.max(1, x.length));
}

/** RMS over the 20 ms frames above -50 dBFS (the active level, as speech level is measured). */
export function activeRms(x: Float32Array): number {
  const hop = Math.round(0.02 * SONG_RATE);
  let s = 0;
  let n = 0;
  for (let i = 0; i + hop <= x.length; i += hop) {
    let f = 0;
    for (let k = i; k < i + hop; k++) f += x[k] * x[k];
    f /= hop;
    if (f > 1e-5) {
      s += f;
      n++;
    }
  }
  return n ? Math.sqrt(s / n) : 0;
}

function scaled(x: Float32Array, g: number): Float32Array {
  for (let i = 0; i < x.length; i++) x[i] *= g;
  return x;
}

const midi = (n: number) => 440 * 2 ** ((n - 69) / 12);

/**
 * A pop-like backing track at unit RMS: sustained chords (a few harmonics each) changing every bar, a plucked bass on
 * every beat, a kick on beats 1 and 3, a snare on 2 and 4 and closed hi-hats on eighths, at `bpm`. It has the things a
 * speech detector must not take for syllables: a 2-4 Hz pulse, onsets, and voiced-looking periodic sound.
 */
export function backingTrack(seconds: number, seed: number, bpm = 104): Float32Array {
  const n = Math.round(seconds * SONG_RATE);
  const x = new Float32Array(n);
  const rand = seededRandom(seed);
  const beat = 60 / bpm;
  const chords = [
    [57, 60, 64],
    [53, 57, 60],
    [48, 52, 55],
    [55, 59, 62],
  ];
  for (let i = 0; i < n; i++) {
    const t = i / SONG_RATE;
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
    const t = i / SONG_RATE;
    const b = Math.floor(t / beat);
    const tb = t - b * beat;
    const te = t % (beat / 2);
    const noise = rand() * 2 - 1;
    if (b % 2 === 1) x[i] += 0.35 * Math.exp(-tb / 0.06) * noise;
    x[i] += 0.08 * Math.exp(-te / 0.02) * noise;
  }
  return scaled(x, 1 / rms(x));
}

/** Formants (Hz) of a few sung vowels. */
const VOWELS: Array<[number, number, number]> = [
  [800, 1150, 2900], // a
  [400, 1700, 2600], // e
  [300, 2200, 3000], // i
  [450, 800, 2830], // o
  [325, 700, 2530], // u
];

/** Two-pole resonator (band-pass). */
function resonate(x: Float32Array, f: number, bw: number): Float32Array {
  const r = Math.exp((-Math.PI * bw) / SONG_RATE);
  const a1 = 2 * r * Math.cos((2 * Math.PI * f) / SONG_RATE);
  const a2 = -r * r;
  const g = 1 - r;
  const y = new Float32Array(x.length);
  for (let i = 0; i < x.length; i++) y[i] = g * x[i] + a1 * (y[i - 1] ?? 0) + a2 * (y[i - 2] ?? 0);
  return y;
}

export interface VocalOptions {
  bpm?: number;
  /** MIDI note of the scale's root: 45 (A2, a low male voice), 57 (A3, default), 62 (D4, a female voice). */
  root?: number;
  /** Vibrato depth in cents (default 40; 0 = a straight tone). */
  vibratoCents?: number;
  /** Vibrato rate in Hz (default 5.5). */
  vibratoHz?: number;
  /** Note lengths to draw from, in beats (default half a beat to two beats). */
  beats?: readonly number[];
  /** Share of notes followed by a breath (a gap of 80 ms) rather than tied legato to the next (default 0.3). */
  breathShare?: number;
}

/**
 * A sung vocal at unit active level: a melody of notes on the beat grid, each a syllable — a short consonant noise
 * burst, then a vowel through its formants on a glottal-like harmonic source held at the note's pitch with vibrato and
 * a small scoop into the note. Notes start on the grid from 0.25 s.
 */
export function sungVocal(seconds: number, seed: number, o: VocalOptions = {}): Float32Array {
  const n = Math.round(seconds * SONG_RATE);
  const src = new Float32Array(n);
  const cons = new Float32Array(n);
  const rand = seededRandom(seed);
  const beat = 60 / (o.bpm ?? 104);
  const root = o.root ?? 57;
  const vibrato = (o.vibratoCents ?? 40) / 100;
  const vibHz = o.vibratoHz ?? 5.5;
  const breath = o.breathShare ?? 0.3;
  const scale = [0, 2, 4, 5, 7, 9, 11, 12];
  const lengths = o.beats ?? [0.5, 1, 1, 1, 1.5, 2];
  const vowelOf = new Int8Array(n).fill(-1);
  let t = 0.25;
  let phase = 0;
  while (t < seconds - 0.3) {
    const len = lengths[Math.floor(rand() * lengths.length)] * beat;
    const f0 = midi(root + scale[Math.floor(rand() * scale.length)]);
    const vowel = Math.floor(rand() * VOWELS.length);
    const i0 = Math.round(t * SONG_RATE);
    const i1 = Math.min(n, Math.round((t + len - (rand() < breath ? 0.08 : 0.02)) * SONG_RATE));
    const consLen = Math.round((0.03 + 0.04 * rand()) * SONG_RATE);
    for (let i = i0; i < Math.min(i1, i0 + consLen); i++) cons[i] = (rand() * 2 - 1) * 0.5;
    for (let i = i0 + consLen; i < i1; i++) {
      const ti = (i - i0) / SONG_RATE;
      const scoop = -0.7 * Math.exp(-ti / 0.05); // semitones
      const vib = vibrato * Math.min(1, ti / 0.25) * Math.sin(2 * Math.PI * vibHz * ti);
      phase += (f0 * 2 ** ((scoop + vib) / 12)) / SONG_RATE;
      const env = Math.min(1, (i - i0 - consLen) / (0.03 * SONG_RATE), (i1 - i) / (0.04 * SONG_RATE));
      src[i] = env * (1 - 2 * (phase % 1)); // a sawtooth (rich in harmonics) as the glottal source
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
  return scaled(out, 1 / activeRms(out));
}
