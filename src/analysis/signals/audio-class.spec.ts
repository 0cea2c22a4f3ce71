import { C } from '../model/constants';
import { AudioFeatureCollector, FEATURE_RATE } from './audio-features';
import { blockFeatures, blockHasSyllables, classifyAudio, heldPitchFrames, refineSpeech, singingEvidence } from './audio-class';

/** 16 kHz s16le PCM from a sample function. */
function pcm(seconds: number, f: (t: number) => number): Buffer {
  const n = Math.round(seconds * FEATURE_RATE);
  const b = Buffer.alloc(n * 2);
  for (let i = 0; i < n; i++) b.writeInt16LE(Math.round(Math.max(-1, Math.min(1, f(i / FEATURE_RATE))) * 32767), i * 2);
  return b;
}
const harmonic = (f0: number) => (t: number) => 0.3 * Math.sin(2 * Math.PI * f0 * t) + 0.15 * Math.sin(4 * Math.PI * f0 * t) + 0.07 * Math.sin(6 * Math.PI * f0 * t);
/** Voiced "syllables": a gliding pitch switched on for 150 ms of every 250 ms (4 syllables a second). */
const syllables = (t: number) => ((t % 0.25) < 0.15 ? harmonic(140 + 30 * Math.sin(2 * Math.PI * 0.7 * t))(t) : 0);

function features(buf: Buffer) {
  const c = new AudioFeatureCollector();
  for (let o = 0; o < buf.length; o += 4096) c.push(buf.subarray(o, Math.min(buf.length, o + 4096)));
  return c.frames();
}

describe('audio classification', () => {
  it('a held note has no syllables and is music; syllabic voiced sound keeps its speech', () => {
    const note = features(pcm(4, harmonic(330)));
    const nb = blockFeatures(note);
    expect(nb.slice(1, -1).every((b) => !blockHasSyllables(b))).toBe(true);
    const probs = new Array(Math.ceil(4 / 0.032)).fill(0.95);
    expect(refineSpeech([{ start_s: 0, end_s: 4 }], note, probs, nb)).toEqual([]);
    expect(classifyAudio([], nb, 4).map((c) => c.class)).toEqual(['music']);

    const talk = features(pcm(4, syllables));
    const tb = blockFeatures(talk);
    expect(tb.every((b) => blockHasSyllables(b))).toBe(true);
    const sp = refineSpeech([{ start_s: 0.1, end_s: 3.9 }], talk, probs, tb);
    expect(sp).toEqual([{ start_s: 0.1, end_s: 3.9 }]);
  });

  it('syllables stay syllables under a steady bed 6 dB below them; a held note under the same bed has none', () => {
    // Seeded white noise: the bed fills the dips between syllables, so they are measured above it.
    let seed = 1;
    const noise = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
    // The syllables' active RMS is 0.24; the bed's RMS (0.21 / sqrt(3) = 0.12) sits 6 dB under it.
    const talk = features(pcm(6, (t) => syllables(t) + 0.21 * noise()));
    const tb = blockFeatures(talk);
    // The dips between syllables are found above the bed (without taking the bed off, they are filled: share ~0.03).
    expect(tb.slice(1, -1).every((b) => b.lowEnergyShare >= C.SPEECH_MIN_LOW_ENERGY_SHARE)).toBe(true);
    expect(tb.slice(1, -1).every((b) => blockHasSyllables(b))).toBe(true);
    const note = features(pcm(6, (t) => harmonic(330)(t) + 0.21 * noise()));
    expect(blockFeatures(note).slice(1, -1).some((b) => blockHasSyllables(b))).toBe(false);
  });

  it('a sung line (syllables on held notes) is not speech; gliding syllables at the same VAD probability are', () => {
    // Notes of 0.5 s with 0.1 s breaks between them, stepping through a scale: syllables, but on held pitches.
    const scale = [220, 247, 277, 294, 330, 370];
    const sung = (t: number) => ((t % 0.6) < 0.5 ? harmonic(scale[Math.floor(t / 0.6) % scale.length])(t) : 0);
    const probs = new Array(Math.ceil(6 / 0.032)).fill(0.7);
    const song = features(pcm(6, sung));
    const sb = blockFeatures(song);
    expect(sb.slice(1, -1).every((b) => blockHasSyllables(b))).toBe(true);
    expect(refineSpeech([{ start_s: 0, end_s: 6 }], song, probs, sb)).toEqual([]);
    const talk = features(pcm(6, syllables));
    expect(refineSpeech([{ start_s: 0, end_s: 6 }], talk, probs)).toEqual([{ start_s: 0, end_s: 6 }]);
  });

  // Quick notes of 0.2 s (eighths at 150 bpm) with 50 ms gaps, on the pitches of a scale: too short to count as held,
  // and the VAD sure of them, so only the tuning of the notes says "sung".
  // Two octaves of a major scale: a melody and the bass under it, as a pitch tracker hears a song.
  const scaleHz = [0, 2, 4, 5, 7, 9, 11, 12, 14, 16, 17, 19].map((k) => 130 * 2 ** (k / 12));
  const quickNote = (hz: (k: number) => number) => (t: number) => {
    const k = Math.floor(t / 0.25);
    const tn = t - k * 0.25;
    return tn < 0.2 ? harmonic(hz(k))(t) : 0;
  };
  const fastSong = quickNote((k) => scaleHz[(k * 5) % scaleHz.length]);
  // notes k*5 mod 12 visit every degree: the notes span 17 semitones, second lowest to second highest.
  // The same rhythm on pitches that are on no grid (a random walk of 0.37-1.9 semitone steps): the control.
  const offGrid = quickNote((k) => 160 * 2 ** ((((k * 7919) % 13) * 0.37 + (k % 3) * 0.41) / 12));

  it('fast sung notes, too short to be held, are not speech when they are in tune; the same rhythm off the grid is', () => {
    const probs = new Array(Math.ceil(6 / 0.032)).fill(0.95);
    const song = features(pcm(6, fastSong));
    const e = singingEvidence(song, heldPitchFrames(song), probs, [[0, song.length]]);
    expect(e.heldShare).toBeLessThan(C.SUNG_MIN_HELD_SHARE);
    expect(e.notes).toBeGreaterThanOrEqual(C.SUNG_MIN_NOTES);
    expect(e.tuning).toBeGreaterThanOrEqual(C.SUNG_MIN_TUNING);
    expect(e.noteSpan).toBeGreaterThanOrEqual(C.SUNG_MIN_NOTE_SPAN_ST);
    expect(refineSpeech([{ start_s: 0, end_s: 6 }], song, probs)).toEqual([]);
    const off = features(pcm(6, offGrid));
    const eo = singingEvidence(off, heldPitchFrames(off), probs, [[0, off.length]]);
    expect(eo.tuning).toBeLessThan(C.SUNG_MIN_TUNING);
    expect(refineSpeech([{ start_s: 0, end_s: 6 }], off, probs)).toEqual([{ start_s: 0, end_s: 6 }]);
  });

  it('a spoken line half a second before a song stays speech; the song beside it does not', () => {
    // 3 s of gliding syllables, 0.5 s of silence, 4 s of the fast song: one run (less than SUNG_RUN_GAP_S apart).
    const buf = Buffer.concat([pcm(3, syllables), pcm(0.5, () => 0), pcm(4, fastSong)]);
    const f = features(buf);
    const probs = new Array(Math.ceil(7.5 / 0.032)).fill(0.95);
    const vad = [{ start_s: 0, end_s: 3 }, { start_s: 3.5, end_s: 7.5 }];
    expect(refineSpeech(vad, f, probs)).toEqual([{ start_s: 0, end_s: 3 }]);
  });

  it('a VAD segment the model was unsure about is dropped', () => {
    const talk = features(pcm(2, syllables));
    const probs = new Array(Math.ceil(2 / 0.032)).fill(0.52);
    expect(refineSpeech([{ start_s: 0, end_s: 2 }], talk, probs)).toEqual([]);
  });

  it('covers the whole duration contiguously: speech, then silence, then music', () => {
    const buf = Buffer.concat([pcm(2, syllables), pcm(2, () => 0), pcm(2, harmonic(220))]);
    const f = features(buf);
    const blocks = blockFeatures(f);
    const probs = new Array(Math.ceil(6 / 0.032)).fill(0).map((_, i) => (i * 0.032 < 2 ? 0.9 : 0.02));
    const speech = refineSpeech([{ start_s: 0.05, end_s: 1.95 }], f, probs, blocks);
    const cls = classifyAudio(speech, blocks, 6);
    expect(cls[0].start_s).toBe(0);
    expect(cls[cls.length - 1].end_s).toBe(6);
    for (let i = 1; i < cls.length; i++) expect(cls[i].start_s).toBe(cls[i - 1].end_s);
    expect(cls.map((c) => c.class)).toEqual(expect.arrayContaining(['speech', 'silence', 'music']));
    const at = (t: number) => cls.find((c) => t >= c.start_s && t < c.end_s)?.class;
    expect([at(1), at(3), at(5)]).toEqual(['speech', 'silence', 'music']);
  });
});
