/**
 * Test clips for the speech / music / singing classifier: espeak-ng speech mixed over a pink-noise bed (ffmpeg's
 * anoisesrc) or a music bed, music alone, and a synthetic sung vocal over music (scripts/media/song.ts). Each clip is a small video (a still
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
import { speak, writeWav } from '../../scripts/media/generate';
import { activeRms, backingTrack, rms, sungVocal } from '../../scripts/media/song';

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

/** Writes the mix as the AAC track of a small still-card video. */
async function toVideo(dir: string, name: string, mix: Float32Array): Promise<string> {
  fs.mkdirSync(dir, { recursive: true });
  const wav = path.join(dir, `${name}.wav`);
  const out = path.join(dir, `${name}.mp4`);
  writeWav(wav, mix, SR);
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
  lines: Array<{ text: string; at: number; voice?: string; wpm?: number }>;
  seconds: number;
  seed?: number;
}): Promise<BedClip> {
  const seed = o.seed ?? 7;
  const n = Math.round(o.seconds * SR);
  const bedAmp = 10 ** (BED_DB / 20);
  const mix = o.bed === 'pink' ? scale(await pinkNoise(o.seconds, seed), bedAmp) : o.bed === 'music' ? scale(backingTrack(o.seconds, seed), bedAmp) : new Float32Array(n);
  const speech: Interval[] = [];
  const speechAmp = 10 ** ((BED_DB + o.snrDb) / 20);
  for (const line of o.lines) {
    const sp = await speak(line.text, line.wpm, line.voice);
    const g = speechAmp / activeRms(sp);
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
  const mix = scale(backingTrack(o.seconds, seed, o.bpm), 10 ** (BED_DB / 20));
  if (o.vocalDb !== undefined) {
    const v = sungVocal(o.seconds, seed + 1, { bpm: o.bpm });
    const g = 10 ** ((BED_DB + o.vocalDb) / 20);
    for (let i = 0; i < mix.length; i++) mix[i] += v[i] * g;
  }
  return { path: await toVideo(o.dir, o.name, mix), durationS: o.seconds, speech: [], nonspeech: [{ start_s: 0, end_s: o.seconds }] };
}
