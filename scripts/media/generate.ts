/**
 * Test-media generator: builds small videos with KNOWN ground truth (cuts, speech, silences, black and static
 * stretches) from ffmpeg lavfi sources and espeak-ng speech. Used by the analysis accuracy tests, the benchmark,
 * the sample-report script and any other suite that needs a real video file.
 *
 *   const { path, truth } = await makeVideo({ dir, shots: [{ seconds: 3, visual: 'bars', speech: 'Hello' }] });
 *   const { path, truth } = await makeTalkingVideo({ dir, seconds: 12 });
 *   const path = await makeBadFile(dir, 'zero-bytes');
 *
 * The audio track is mixed in JavaScript (so speech and silence bounds are exact, measured on the samples) and
 * written as a WAV that ffmpeg encodes alongside the video. Requires ffmpeg and espeak-ng on PATH.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { backingTrack, rms, seededRandom, sungVocal, SONG_RATE, type VocalOptions } from './song';

const exec = promisify(execFile);

export interface Segment {
  start_s: number;
  end_s: number;
}

/** Visual content of a shot. Successive shots with different visuals make a hard cut. */
export type Visual =
  | 'testsrc' // moving test pattern (testsrc2)
  | 'pan' // fast pan over the test pattern (5 % of the width per frame): a busy, high-motion shot
  | 'gradients' // moving colour gradients
  | 'life' // moving cellular automaton (green on black)
  | 'mandelbrot' // slowly zooming fractal (costly at large sizes)
  | 'bars' // still SMPTE HD bars
  | 'still' // still mid-grey card with coloured boxes
  | 'still-noisy' // the still card with temporal sensor-like noise (a tripod "talking head" stand-in)
  | 'black' // black frames
  // Busy textures: every frame differs a lot from the one before (the shots that hide cuts from a frame difference).
  | 'noise' // coloured temporal noise over a colour card (static, snow, sensor noise at night)
  | 'cellauto' // a scrolling elementary cellular automaton (foliage, water, crowds: a fine pattern that moves every frame)
  | 'zoom'; // a fast zoom into the test pattern (5 % per frame)

export interface Shot {
  seconds: number;
  visual: Visual;
  /** Hue rotation in degrees, to make successive shots of the same source differ. */
  hue?: number;
  /** Text spoken by espeak-ng in this shot, starting `speechAt` seconds into the shot (default 0.3). */
  speech?: string;
  speechAt?: number;
  /** Audio gain for this shot's speech in dB (default 0; espeak is about -20 LUFS). */
  gainDb?: number;
  /**
   * Freeze-frame: the picture `at_s` into the shot holds for `seconds`, then the shot plays on from that picture (the
   * end of the freeze is not a cut). The shot's `seconds` include the freeze.
   */
  freeze?: { at_s: number; seconds: number };
  /** Background audio under the shot: a 220 Hz tone, white or pink noise, or a music bed (chords, bass, drums). */
  background?: 'silence' | 'tone' | 'noise' | 'pink' | 'music';
  /** Background level in dBFS RMS (default -30; a song's backing track -26). */
  backgroundDb?: number;
  /**
   * A song under the shot (scripts/media/song.ts): a backing track at `backgroundDb` and a sung vocal `vocalDb` above
   * it (the vocal's active level against the backing's RMS), or the vocal alone at that level (`backing: false`, a
   * cappella). Singing is not speech: the vocal is recorded in the truth's `sung`, never in `speech`.
   */
  song?: { bpm: number; vocalDb: number; backing?: boolean; seed?: number } & Omit<VocalOptions, 'bpm'>;
  /** Fade in from black over this many seconds at the start of the shot (a gradual transition, not a hard cut). */
  fadeIn?: number;
  /** Fade out to black over this many seconds at the end of the shot. */
  fadeOut?: number;
  /** Times (s into the shot) of camera flashes: two near-white frames, then the same shot goes on (not cuts). */
  flashes?: number[];
  /**
   * A stray blip on the sound track (an edit click, a 1 kHz burst) `at` s into the shot, `ms` long at `db` dBFS peak:
   * on an otherwise digitally silent track it is the only non-zero audio (nothing to hear, not a level to raise).
   */
  blip?: { at: number; ms: number; db: number };
}

export interface VideoOptions {
  dir: string;
  name?: string;
  shots: Shot[];
  width?: number;
  height?: number;
  fps?: number;
  /** Omit the audio track. */
  noAudio?: boolean;
  /** Real pictures per second when lower than `fps`: each picture is repeated to fill the nominal rate. */
  pictureRate?: number;
  /** Sample aspect ratio [num, den] written into the stream (non-square pixels, e.g. [16, 11] for 704x576 at 16:9). */
  sar?: [number, number];
  /** Seed for every random part of the audio mix (noise, pink noise, music); the same seed gives the same file. */
  seed?: number;
  /** Clockwise display rotation written into the container as a display matrix (phone video), e.g. 90. Display size is portrait for 90/270. */
  rotation?: 0 | 90 | 180 | 270;
  /** Make the frame rate variable: odd shots are encoded at half the frame rate, timestamps kept (vfr). */
  variableFrameRate?: boolean;
  /** x264 preset (default ultrafast) and CRF (default 28). */
  preset?: string;
  crf?: number;
  /** Move the index to the front (default true). */
  faststart?: boolean;
  /** Speech rate in words per minute (espeak -s, default 165). */
  wpm?: number;
  /**
   * Burned-in captions of the speech (white bold text with a black outline, as creators' editors make them), three
   * words at a time while each clip is spoken, centred at `at` (share of the height from the top).
   */
  captions?: { at: number };
  /**
   * A fixed line of text drawn on every frame, centred at `at` (share of the height), e.g. a handle under the buttons;
   * `size` is the font size as a share of the height (default 1/24).
   */
  overlayText?: { text: string; at: number; size?: number };
}

export interface MediaTruth {
  duration_s: number;
  /** Display size: after the sample aspect ratio and the rotation. */
  width: number;
  height: number;
  /** Sample aspect ratio as written ([1, 1] = square pixels). */
  sar: [number, number];
  rotation: number;
  fps: number;
  has_audio: boolean;
  /** Times of hard cuts (first frame of each new shot), in seconds. */
  cuts: number[];
  /** Each spoken clip from its first to last sample above -50 dBFS. */
  speech: Segment[];
  first_speech_s: number | null;
  /** Stretches of >= 0.5 s with no speech and no background audio (digital silence), by construction. */
  silences: Segment[];
  black_segments: Segment[];
  /** Gradual transitions (fades through black) around a shot change that is therefore not a hard cut. */
  gradual: Segment[];
  /** Instants that change the picture a lot but are not cuts: flashes and the ends of freeze-frames. */
  not_cuts: number[];
  /** Stretches with a background bed (noise, pink noise, music), with its kind. */
  beds: Array<Segment & { kind: 'tone' | 'noise' | 'pink' | 'music' }>;
  /** Burned-in caption chunks (when asked for), with when each shows. */
  captions: Array<Segment & { text: string }>;
  /** Sung vocals (a shot's `song`), from the first to the last note: sound a speech detector must not report. */
  sung: Segment[];
  /** Shots with a still picture (bars, still, still-noisy, black). */
  static_segments: Segment[];
  /** Still picture AND silent for the whole shot. */
  dead_segments: Segment[];
  shots: Array<Shot & Segment>;
}

const SR = SONG_RATE; // 22050 Hz, espeak-ng's native rate: the mix (songs included) is built at this rate
const SILENCE_TH = 10 ** (-50 / 20);

function lavfiSource(v: Visual, w: number, h: number, fps: number, d: number, hue: number, freeze?: Shot['freeze'], shot?: Shot): string {
  // A freeze repeats one picture, so the source itself runs for the rest of the shot.
  const moving = freeze ? Math.max(1 / fps, d - freeze.seconds) : d;
  const size = `s=${w}x${h}:r=${fps}:d=${moving.toFixed(4)}`;
  let src: string;
  switch (v) {
    case 'testsrc':
      src = `testsrc2=${size}`;
      break;
    case 'pan':
      src = `testsrc2=${size},scroll=h=0.05:v=0.01`;
      break;
    case 'gradients':
      // A fixed seed: the gradient's geometry is otherwise random per run, and now and then it opened a shot so like
      // the one before it that a generated cut went unseen (the ground truth must not change between runs).
      src = `gradients=${size}:speed=0.05:c0=0xff3366:c1=0x33ccff:c2=0xffcc00:n=3:seed=7`;
      break;
    case 'life':
      src = `life=s=${Math.max(8, Math.round(w / 4))}x${Math.max(8, Math.round(h / 4))}:r=${fps}:mold=10:ratio=0.2:seed=7:death_color=#101040:life_color=#40ff60,scale=${w}:${h}:flags=neighbor,trim=duration=${moving.toFixed(4)}`;
      break;
    case 'mandelbrot':
      src = `mandelbrot=s=${w}x${h}:r=${fps},trim=duration=${moving.toFixed(4)}`;
      break;
    case 'bars':
      src = `smptehdbars=${size}`;
      break;
    case 'still':
    case 'still-noisy':
      src =
        `color=c=0x707880:${size},drawbox=x=iw*0.1:y=ih*0.15:w=iw*0.35:h=ih*0.5:color=0xd04020:t=fill,` +
        `drawbox=x=iw*0.55:y=ih*0.3:w=iw*0.3:h=ih*0.4:color=0x2050c0:t=fill` +
        (v === 'still-noisy' ? ',noise=alls=4:allf=t:all_seed=7' : '');
      break;
    case 'black':
      src = `color=c=black:${size}`;
      break;
    case 'noise':
      src = `color=c=0x406080:${size},noise=alls=90:allf=t+u:c1s=60:c2s=60:all_seed=7`;
      break;
    case 'cellauto':
      src =
        `cellauto=s=${Math.max(8, Math.round(w / 4))}x${Math.max(8, Math.round(h / 4))}:r=${fps}:rule=30:random_fill_ratio=0.5:random_seed=7,` +
        `scale=${w}:${h}:flags=neighbor,colorchannelmixer=rr=0.3:gg=0.8:bb=0.4,trim=duration=${moving.toFixed(4)}`;
      break;
    case 'zoom':
      // Starts 1.4× into the upper left quarter, so a zoom straight after a plain test-pattern shot is a visible cut.
      src = `testsrc2=${size},zoompan=z='1.4+0.05*on':x='iw/4-(iw/zoom/4)':y='ih/4-(ih/zoom/4)':d=1:s=${w}x${h}:fps=${fps}`;
      break;
  }
  const hueF = hue && v !== 'black' ? `,hue=h=${hue}` : '';
  const hold = freeze
    ? `,loop=loop=${Math.max(1, Math.round(freeze.seconds * fps))}:size=1:start=${Math.round(freeze.at_s * fps)},setpts=N/(${fps}*TB)`
    : '';
  // A flash: two frames washed almost white (a camera flash, a strobe, a white frame in an edit); not a cut.
  const flash = (shot?.flashes ?? [])
    .map((at) => `,drawbox=x=0:y=0:w=iw:h=ih:color=white@0.85:t=fill:enable='between(n,${Math.round(at * fps)},${Math.round(at * fps) + 1})'`)
    .join('');
  const fades =
    (shot?.fadeIn ? `,fade=t=in:st=0:d=${shot.fadeIn}` : '') + (shot?.fadeOut ? `,fade=t=out:st=${(d - shot.fadeOut).toFixed(4)}:d=${shot.fadeOut}` : '');
  return `${src}${hueF}${hold}${flash}${fades},format=yuv420p,setsar=1`;
}

const STILL: Visual[] = ['bars', 'still', 'still-noisy', 'black'];

interface Wav {
  rate: number;
  samples: Float32Array;
}
function readWav(buf: Buffer): Wav {
  let off = 12;
  let rate = SR;
  let channels = 1;
  let bits = 16;
  while (off + 8 <= buf.length) {
    const id = buf.toString('ascii', off, off + 4);
    let size = buf.readUInt32LE(off + 4);
    if (id === 'fmt ') {
      channels = buf.readUInt16LE(off + 10);
      rate = buf.readUInt32LE(off + 12);
      bits = buf.readUInt16LE(off + 22);
    } else if (id === 'data') {
      if (size === 0 || off + 8 + size > buf.length) size = buf.length - off - 8; // espeak writes 0 to stdout
      const n = Math.floor(size / (2 * channels));
      const s = new Float32Array(n);
      if (bits !== 16) throw new Error('only 16-bit wav');
      for (let i = 0; i < n; i++) s[i] = buf.readInt16LE(off + 8 + i * 2 * channels) / 32768;
      return { rate, samples: s };
    }
    off += 8 + size + (size % 2);
  }
  throw new Error('no data chunk');
}

/** Writes mono samples (-1…1) as a 16-bit PCM WAV file. */
export function writeWav(file: string, samples: Float32Array, rate: number): void {
  const b = Buffer.alloc(44 + samples.length * 2);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + samples.length * 2, 4);
  b.write('WAVEfmt ', 8, 'ascii');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(samples.length * 2, 40);
  for (let i = 0; i < samples.length; i++) {
    const v = Math.max(-1, Math.min(1, samples[i]));
    b.writeInt16LE(Math.round(v * 32767), 44 + i * 2);
  }
  fs.writeFileSync(file, b);
}

const speechCache = new Map<string, Float32Array>();
/** Speaks `text` with espeak-ng (`voice`: en-us, en-us+f3, en-gb…); returns samples at 22050 Hz. */
export async function speak(text: string, wpm = 165, voice = 'en-us'): Promise<Float32Array> {
  const key = `${voice}|${wpm}|${text}`;
  const hit = speechCache.get(key);
  if (hit) return hit;
  const { stdout } = await exec('espeak-ng', ['-v', voice, '-s', String(wpm), '--stdout', text], {
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
  });
  const w = readWav(stdout as unknown as Buffer);
  if (w.rate !== SR) throw new Error(`espeak-ng produced ${w.rate} Hz`);
  speechCache.set(key, w.samples);
  return w.samples;
}

const r3 = (v: number) => Math.round(v * 1000) / 1000;

/** RMS level (dBFS) of a spoken clip over its voiced 20 ms frames (pauses between words left out). */
export function activeLevelDb(x: Float32Array): number {
  const n = Math.round(0.02 * SR);
  let s = 0;
  let k = 0;
  for (let i = 0; i + n <= x.length; i += n) {
    let e = 0;
    for (let j = i; j < i + n; j++) e += x[j] * x[j];
    if (e / n > 10 ** (-45 / 10)) {
      s += e;
      k += n;
    }
  }
  return 10 * Math.log10(Math.max(1e-12, s / Math.max(1, k)));
}

/** Pink (1/f) noise by Paul Kellet's filter over seeded white noise; unscaled. */
function pinkNoise(n: number, rand: () => number): Float32Array {
  const out = new Float32Array(n);
  let b0 = 0, b1 = 0, b2 = 0, b3 = 0, b4 = 0, b5 = 0, b6 = 0;
  for (let i = 0; i < n; i++) {
    const w = rand() * 2 - 1;
    b0 = 0.99886 * b0 + w * 0.0555179;
    b1 = 0.99332 * b1 + w * 0.0750759;
    b2 = 0.969 * b2 + w * 0.153852;
    b3 = 0.8665 * b3 + w * 0.3104856;
    b4 = 0.55 * b4 + w * 0.5329522;
    b5 = -0.7616 * b5 - w * 0.016898;
    out[i] = b0 + b1 + b2 + b3 + b4 + b5 + b6 + w * 0.5362;
    b6 = w * 0.115926;
  }
  return out;
}

/**
 * A music bed from sample i0 to i1 of the video (so a bed running over several shots is one piece): 112 bpm, a
 * I-V-vi-IV chord pad, a plucked bass on every beat, a sine lead with vibrato on eighth notes, kick, snare and hi-hat.
 * Tonal, rhythmic and steady in pitch: what a creator's background track is, and what a speech detector must not
 * take for a voice. Unscaled.
 */
function music(i0: number, i1: number, rand: () => number): Float32Array {
  const out = new Float32Array(i1 - i0);
  const beat = 60 / 112;
  const chords = [[60, 64, 67], [55, 59, 62], [57, 60, 64], [53, 57, 60]]; // C G Am F (MIDI)
  const hz = (m: number) => 440 * 2 ** ((m - 69) / 12);
  const lead = [0, 2, 1, 2, 0, 1, 2, 1];
  for (let i = i0; i < i1; i++) {
    const t = i / SR;
    const b = Math.floor(t / beat);
    const tb = t - b * beat; // time since the beat
    const chord = chords[Math.floor(b / 4) % 4];
    let v = 0;
    for (const m of chord) for (let k = 1; k <= 4; k++) v += (0.05 / k) * Math.sin(2 * Math.PI * hz(m) * k * t);
    v += 0.25 * Math.exp(-tb * 6) * Math.sin(2 * Math.PI * hz(chord[0] - 24) * t);
    const e = Math.floor(t / (beat / 2));
    const te = t - e * (beat / 2);
    const note = hz(chord[lead[e % 8]] + 12) * (1 + 0.004 * Math.sin(2 * Math.PI * 5.5 * t));
    v += 0.12 * Math.min(1, te * 50) * Math.exp(-te * 3) * Math.sin(2 * Math.PI * note * t);
    if (b % 2 === 0) v += 0.5 * Math.exp(-tb * 18) * Math.sin(2 * Math.PI * (50 + 60 * Math.exp(-tb * 30)) * tb);
    const noise = rand() * 2 - 1;
    if (b % 2 === 1) v += 0.2 * Math.exp(-tb * 20) * noise;
    v += 0.05 * Math.exp(-te * 60) * noise;
    out[i - i0] = v;
  }
  return out;
}

/** Mixes a shot's song into [i0, i1) of the mix (see Shot.song) and records it in the truth. */
function addSong(o: NonNullable<Shot['song']>, backgroundDb: number | undefined, mix: Float32Array, active: Uint8Array, i0: number, i1: number, truth: MediaTruth) {
  const seconds = (i1 - i0) / SR;
  const seed = o.seed ?? 11;
  const bedDb = backgroundDb ?? -26;
  if (o.backing !== false) {
    const bed = backingTrack(seconds, seed, o.bpm);
    const k = 10 ** (bedDb / 20);
    for (let i = i0; i < i1; i++) mix[i] += bed[i - i0] * k;
    truth.beds.push({ start_s: r3(i0 / SR), end_s: r3(i1 / SR), kind: 'music' });
  }
  const vocal = sungVocal(seconds, seed + 1, o);
  const g = 10 ** ((bedDb + o.vocalDb) / 20);
  let first = -1;
  let last = -1;
  for (let i = i0; i < i1; i++) {
    const v = vocal[i - i0] * g;
    mix[i] += v;
    if (Math.abs(v) > SILENCE_TH) {
      if (first < 0) first = i;
      last = i;
    }
  }
  for (let i = o.backing !== false ? i0 : Math.max(0, first); i <= (o.backing !== false ? i1 - 1 : last); i++) active[i] = 1;
  if (first >= 0) truth.sung.push({ start_s: r3(first / SR), end_s: r3((last + 1) / SR) });
}

let counter = 0;

/** Builds a video from shots; returns its path and the ground truth. */
export async function makeVideo(opts: VideoOptions): Promise<{ path: string; truth: MediaTruth }> {
  const fps = opts.fps ?? 30;
  const w = opts.width ?? 320;
  const h = opts.height ?? 180;
  fs.mkdirSync(opts.dir, { recursive: true });
  const name = opts.name ?? `video-${process.pid}-${++counter}`;
  const out = path.join(opts.dir, `${name}.mp4`);
  // Snap shot lengths to whole frames so cut times are exact.
  const shots = opts.shots.map((s) => ({ ...s, seconds: Math.max(1, Math.round(s.seconds * fps)) / fps }));
  const total = shots.reduce((a, s) => a + s.seconds, 0);
  const sar: [number, number] = opts.sar ?? [1, 1];
  const displayW = Math.round((w * sar[0]) / sar[1]);
  const truth: MediaTruth = {
    duration_s: r3(total),
    width: opts.rotation === 90 || opts.rotation === 270 ? h : displayW,
    height: opts.rotation === 90 || opts.rotation === 270 ? displayW : h,
    sar,
    rotation: opts.rotation ?? 0,
    fps,
    has_audio: !opts.noAudio,
    cuts: [],
    speech: [],
    first_speech_s: null,
    silences: [],
    black_segments: [],
    gradual: [],
    not_cuts: [],
    beds: [],
    static_segments: [],
    dead_segments: [],
    captions: [],
    sung: [],
    shots: [],
  };
  const rand = seededRandom(opts.seed ?? 7);
  // ---- audio mix
  const mix = new Float32Array(opts.noAudio ? 1 : Math.ceil(total * SR) + 1);
  const active = new Uint8Array(mix.length); // 1 where background or speech is audible by construction
  let t = 0;
  let prev: Shot | null = null;
  for (const s of shots) {
    const start = t;
    const end = t + s.seconds;
    truth.shots.push({ ...s, start_s: r3(start), end_s: r3(end) });
    const changed = !!prev && (prev.visual !== s.visual || (prev.hue ?? 0) !== (s.hue ?? 0));
    if (s.fadeIn && (!prev || prev.fadeOut)) {
      // A dip through black (or a fade-in that opens the video): a gradual transition, no hard cut.
      truth.gradual.push({ start_s: r3(start - (prev?.fadeOut ?? 0)), end_s: r3(start + s.fadeIn) });
    } else if (changed) truth.cuts.push(r3(start));
    for (const at of s.flashes ?? []) truth.not_cuts.push(r3(start + Math.round(at * fps) / fps));
    if (s.freeze) truth.not_cuts.push(r3(start + Math.round((s.freeze.at_s + s.freeze.seconds) * fps) / fps));
    if (s.visual === 'black') truth.black_segments.push({ start_s: r3(start), end_s: r3(end) });
    if (STILL.includes(s.visual)) truth.static_segments.push({ start_s: r3(start), end_s: r3(end) });
    const i0 = Math.round(start * SR);
    const i1 = Math.min(mix.length, Math.round(end * SR));
    if (opts.noAudio) {
      prev = s;
      t = end;
      continue;
    }
    if (s.background && s.background !== 'silence') {
      const amp = 10 ** ((s.backgroundDb ?? -30) / 20);
      const bed = s.background;
      if (bed === 'tone' || bed === 'noise') {
        // Peak amplitude `amp` (as before: existing tests set these levels).
        for (let i = i0; i < i1; i++) mix[i] += bed === 'tone' ? amp * Math.sin((2 * Math.PI * 220 * i) / SR) : amp * (rand() * 2 - 1);
      } else {
        // Pink noise and music are set by RMS, so "speech N dB above the bed" means what it says.
        const part = bed === 'pink' ? pinkNoise(i1 - i0, rand) : music(i0, i1, rand);
        const k = amp / Math.max(1e-9, rms(part));
        for (let i = i0; i < i1; i++) mix[i] += part[i - i0] * k;
      }
      for (let i = i0; i < i1; i++) active[i] = 1;
      const last = truth.beds.at(-1);
      if (last && last.kind === bed && Math.abs(last.end_s - start) < 1e-3) last.end_s = r3(end);
      else truth.beds.push({ start_s: r3(start), end_s: r3(end), kind: bed });
    }
    if (s.song) addSong(s.song, s.backgroundDb, mix, active, i0, i1, truth);
    if (s.blip) {
      const b0 = i0 + Math.round(s.blip.at * SR);
      const amp = 10 ** (s.blip.db / 20);
      for (let i = b0; i < Math.min(i1, b0 + Math.round((s.blip.ms / 1000) * SR)); i++) mix[i] += amp * Math.sin((2 * Math.PI * 1000 * (i - b0)) / SR);
    }
    if (s.speech) {
      const sp = await speak(s.speech, opts.wpm);
      const gain = 10 ** ((s.gainDb ?? 0) / 20);
      const at = i0 + Math.round((s.speechAt ?? 0.3) * SR);
      let first = -1;
      let last = -1;
      for (let k = 0; k < sp.length && at + k < i1; k++) {
        const v = sp[k] * gain;
        mix[at + k] += v;
        if (Math.abs(v) > SILENCE_TH) {
          if (first < 0) first = at + k;
          last = at + k;
        }
      }
      if (first >= 0) {
        truth.speech.push({ start_s: r3(first / SR), end_s: r3((last + 1) / SR) });
        if (opts.captions) truth.captions.push(...captionChunks(s.speech, first / SR, (last + 1) / SR));
        for (let k = first; k <= last; k++) active[k] = 1;
      }
    }
    prev = s;
    t = end;
  }
  // Soft limiter: keeps true peaks under about -1.5 dBTP after AAC encoding, so "loud" test media does not clip.
  const T = 0.5;
  const CEIL = 0.8;
  for (let i = 0; i < mix.length; i++) {
    const a = Math.abs(mix[i]);
    if (a > T) mix[i] = Math.sign(mix[i]) * (T + (CEIL - T) * Math.tanh((a - T) / (CEIL - T)));
  }
  truth.first_speech_s = truth.speech.length ? truth.speech[0].start_s : null;
  // Silences by construction: runs without speech span or background, >= 0.5 s.
  if (!opts.noAudio) {
    let runStart = -1;
    for (let i = 0; i <= active.length; i++) {
      const quiet = i < active.length && active[i] === 0;
      if (quiet && runStart < 0) runStart = i;
      if (!quiet && runStart >= 0) {
        if ((i - runStart) / SR >= 0.5) truth.silences.push({ start_s: r3(runStart / SR), end_s: r3(Math.min(i / SR, total)) });
        runStart = -1;
      }
    }
    for (const st of truth.static_segments) {
      for (const si of truth.silences) {
        const a = Math.max(st.start_s, si.start_s);
        const b = Math.min(st.end_s, si.end_s);
        if (b - a >= 1) truth.dead_segments.push({ start_s: r3(a), end_s: r3(b) });
      }
    }
  }
  // ---- video
  const tmpWav = path.join(opts.dir, `${name}.wav`);
  const args = ['-y', '-hide_banner', '-loglevel', 'error', '-nostdin'];
  const filters: string[] = [];
  shots.forEach((s, i) => {
    const shotFps = opts.variableFrameRate && i % 2 === 1 ? fps / 2 : fps;
    args.push('-f', 'lavfi', '-i', lavfiSource(s.visual, w, h, shotFps, s.seconds, s.hue ?? 0, s.freeze, s));
    filters.push(`[${i}:v]settb=1/${fps * 100},setpts=PTS-STARTPTS[v${i}]`);
  });
  const drawn = [
    ...(opts.captions ? truth.captions.map((c) => drawText(c.text, opts.captions!.at, h, c)) : []),
    ...(opts.overlayText ? [drawText(opts.overlayText.text, opts.overlayText.at, h, undefined, opts.overlayText.size)] : []),
  ];
  const setsar = opts.sar ? `,setsar=${opts.sar[0]}/${opts.sar[1]}` : '';
  // Few real pictures in a full-rate file: each picture is repeated until the next (a slideshow export, a screen grab).
  const lowRate = opts.pictureRate ? `,fps=${opts.pictureRate},fps=${fps}` : '';
  filters.push(`${shots.map((_, i) => `[v${i}]`).join('')}concat=n=${shots.length}:v=1:a=0${lowRate}${drawn.length ? `,${drawn.join(',')}` : ''}${setsar}[vout]`);
  if (!opts.noAudio) {
    writeWav(tmpWav, mix, SR);
    args.push('-i', tmpWav);
  }
  args.push('-filter_complex', filters.join(';'), '-map', '[vout]');
  if (!opts.noAudio) args.push('-map', `${shots.length}:a`, '-c:a', 'aac', '-b:a', '96k', '-ar', '44100');
  args.push('-c:v', 'libx264', '-preset', opts.preset ?? 'ultrafast', '-crf', String(opts.crf ?? 28), '-pix_fmt', 'yuv420p');
  if (opts.variableFrameRate) args.push('-vsync', 'vfr');
  else args.push('-r', String(fps));
  if (opts.faststart !== false) args.push('-movflags', '+faststart');
  args.push('-t', total.toFixed(4), out);
  try {
    await exec('ffmpeg', args, { maxBuffer: 16 * 1024 * 1024 });
    if (opts.rotation) {
      // ffmpeg 5.1 only writes the display matrix from the legacy `rotate` tag when stream-copying, and it reads the tag
      // counter-clockwise: `rotate=270` gives the matrix a phone writes when held upright (ffprobe: rotation=-90), which
      // players turn 90° clockwise. So a clockwise display rotation R is written as 360 - R.
      const tmp = `${out}.rot.mp4`;
      await exec('ffmpeg', ['-y', '-hide_banner', '-loglevel', 'error', '-nostdin', '-i', out, '-map', '0', '-c', 'copy', '-metadata:s:v:0', `rotate=${(360 - opts.rotation) % 360}`, '-movflags', '+faststart', tmp]);
      fs.renameSync(tmp, out);
    }
  } finally {
    fs.rmSync(tmpWav, { force: true });
  }
  return { path: out, truth };
}

const CAPTION_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

/** A spoken line as caption chunks of three words, spread evenly over the time it is spoken. */
function captionChunks(text: string, start: number, end: number): Array<Segment & { text: string }> {
  const words = text.replace(/[^A-Za-z0-9 ]/g, '').split(/\s+/).filter(Boolean);
  const chunks: string[] = [];
  for (let i = 0; i < words.length; i += 3) chunks.push(words.slice(i, i + 3).join(' '));
  const each = (end - start) / Math.max(1, chunks.length);
  return chunks.map((c, i) => ({ text: c.toUpperCase(), start_s: r3(start + i * each), end_s: r3(start + (i + 1) * each) }));
}

/** drawtext: bold white, black outline, centred at `at` of the height; shown only within `when` if given. */
function drawText(text: string, at: number, h: number, when?: Segment, share = 1 / 24): string {
  const size = Math.round(h * share);
  const enable = when ? `:enable='between(t,${when.start_s},${when.end_s})'` : '';
  return `drawtext=fontfile=${CAPTION_FONT}:text='${text.replace(/[^A-Za-z0-9 @.]/g, '')}':fontsize=${size}:fontcolor=white:borderw=${Math.max(2, Math.round(size / 10))}:bordercolor=black:x=(w-text_w)/2:y=h*${at}-text_h/2${enable}`;
}

const LINES = [
  'Here is the one trick that changed how I edit every single video.',
  'Most creators lose half their viewers in the first three seconds.',
  'So start with the payoff, then explain how you got there.',
  'Cut every pause, and keep the camera moving.',
  'Watch what happens to retention when you do this.',
  'Follow for part two, and comment your biggest editing question.',
];

/**
 * A talking video: continuous speech over moving, regularly cut visuals (the "good" default).
 * `seconds` is approximate (rounded to whole shots of `shotSeconds`).
 */
export async function makeTalkingVideo(o: {
  dir: string;
  seconds?: number;
  shotSeconds?: number;
  width?: number;
  height?: number;
  fps?: number;
  name?: string;
  noAudio?: boolean;
  rotation?: 0 | 90 | 180 | 270;
  preset?: string;
  crf?: number;
  captions?: VideoOptions['captions'];
  overlayText?: VideoOptions['overlayText'];
}): Promise<{ path: string; truth: MediaTruth }> {
  const seconds = o.seconds ?? 12;
  const shotS = o.shotSeconds ?? 3;
  const n = Math.max(1, Math.round(seconds / shotS));
  const visuals: Visual[] = ['testsrc', 'gradients', 'life'];
  const shots: Shot[] = [];
  let total = 0;
  for (let i = 0; total < seconds - 0.5 || i < n; i++) {
    if (i >= n && total >= seconds - 0.5) break;
    const line = LINES[i % LINES.length];
    const speechAt = i === 0 ? 0.3 : 0.1;
    // Each shot is long enough for its line (speech is never cut off mid-word).
    const need = speechAt + (await speak(line, 190)).length / SR + 0.15;
    const len = Math.max(shotS, Math.ceil(need * 10) / 10);
    shots.push({ seconds: len, visual: visuals[i % 3], hue: i % 3 === 0 ? ((i / 3) * 60) % 360 : 0, speech: line, speechAt, gainDb: 7 });
    total += len;
    if (total >= seconds) break;
  }
  return makeVideo({ dir: o.dir, name: o.name, shots, width: o.width, height: o.height, fps: o.fps, noAudio: o.noAudio, rotation: o.rotation, preset: o.preset, crf: o.crf, wpm: 190, captions: o.captions, overlayText: o.overlayText });
}

/** Engaging vs flat twins: same words; the engaging one starts talking at 0.3 s, cuts every 2-3 s, is loud and moving; the flat one starts late, never cuts, is quiet and still. */
export async function makeTwins(dir: string, o: { width?: number; height?: number } = {}) {
  const words = LINES.slice(0, 5);
  const lens = [2.5, 2, 3, 2.5, 3, 2];
  const vis: Visual[] = ['testsrc', 'gradients', 'life', 'mandelbrot', 'testsrc', 'gradients'];
  const engaging = await makeVideo({
    dir, name: `engaging-${process.pid}-${++counter}`, width: o.width, height: o.height, wpm: 200,
    shots: lens.map((s, i) => ({ seconds: s, visual: vis[i], hue: i === 4 ? 120 : 0, speech: words[i], speechAt: i === 0 ? 0.3 : 0.05, gainDb: 6 })),
  });
  const flat = await makeVideo({
    dir, name: `flat-${process.pid}-${++counter}`, width: o.width, height: o.height, wpm: 150,
    shots: [
      { seconds: 4, visual: 'still', speech: words[0], speechAt: 3, gainDb: -12 },
      { seconds: 11, visual: 'still', speech: `${words[1]} ${words[2]}`, speechAt: 1.5, gainDb: -12 },
    ].map((s) => ({ ...s, visual: 'still' as Visual })),
  });
  return { engaging, flat };
}

export type BadKind = 'zero-bytes' | 'text-as-mp4' | 'truncated' | 'truncated-faststart' | 'audio-only';

/** Makes a broken or unusual file and returns its path. */
export async function makeBadFile(dir: string, kind: BadKind): Promise<string> {
  fs.mkdirSync(dir, { recursive: true });
  const p = path.join(dir, `${kind}-${process.pid}-${++counter}.mp4`);
  switch (kind) {
    case 'zero-bytes':
      fs.writeFileSync(p, '');
      return p;
    case 'text-as-mp4':
      fs.writeFileSync(p, 'This is not a video. It is a text file someone renamed to .mp4.\n'.repeat(50));
      return p;
    case 'audio-only': {
      const wav = path.join(dir, `a-${counter}.wav`);
      writeWav(wav, await speak('This file has sound but no pictures.'), SR);
      await exec('ffmpeg', ['-y', '-hide_banner', '-loglevel', 'error', '-i', wav, '-c:a', 'aac', p]);
      fs.rmSync(wav, { force: true });
      return p;
    }
    case 'truncated':
    case 'truncated-faststart': {
      const { path: full } = await makeVideo({
        dir, name: `full-${process.pid}-${++counter}`, faststart: kind === 'truncated-faststart',
        shots: [{ seconds: 4, visual: 'testsrc', speech: 'Truncated file test.' }, { seconds: 4, visual: 'gradients' }],
      });
      const buf = fs.readFileSync(full);
      fs.writeFileSync(p, buf.subarray(0, Math.floor(buf.length * 0.35)));
      fs.rmSync(full, { force: true });
      return p;
    }
  }
}

/**
 * A long video cheaply: a talking video of up to `blockSeconds` is generated once and repeated with the concat
 * demuxer (stream copy, no re-encode) until it reaches `seconds`. Truth covers cuts and speech of every repeat.
 */
export async function makeLongTalkingVideo(o: {
  dir: string;
  seconds: number;
  blockSeconds?: number;
  name?: string;
  width?: number;
  height?: number;
  fps?: number;
  preset?: string;
  crf?: number;
}): Promise<{ path: string; truth: MediaTruth }> {
  const name = o.name ?? `long-${process.pid}-${++counter}`;
  const block = await makeTalkingVideo({ dir: o.dir, name: `${name}.block`, seconds: Math.min(o.blockSeconds ?? 60, o.seconds), width: o.width, height: o.height, fps: o.fps, preset: o.preset, crf: o.crf });
  const n = Math.max(1, Math.ceil(o.seconds / block.truth.duration_s - 1e-6));
  const list = path.join(o.dir, `${name}.txt`);
  fs.writeFileSync(list, Array.from({ length: n }, () => `file '${block.path.replace(/'/g, "'\\''")}'`).join('\n') + '\n');
  const out = path.join(o.dir, `${name}.mp4`);
  try {
    await exec('ffmpeg', ['-y', '-hide_banner', '-loglevel', 'error', '-nostdin', '-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', '-movflags', '+faststart', out]);
  } finally {
    fs.rmSync(list, { force: true });
    fs.rmSync(block.path, { force: true });
  }
  const b = block.truth;
  const shift = (k: number) => (s: Segment) => ({ start_s: r3(s.start_s + k * b.duration_s), end_s: r3(s.end_s + k * b.duration_s) });
  const truth: MediaTruth = { ...b, duration_s: r3(b.duration_s * n), cuts: [], speech: [], silences: [], black_segments: [], gradual: [], not_cuts: [], beds: [], static_segments: [], dead_segments: [], captions: [], sung: [], shots: [] };
  for (let k = 0; k < n; k++) {
    truth.cuts.push(...(k > 0 ? [r3(k * b.duration_s)] : []), ...b.cuts.map((c) => r3(c + k * b.duration_s)));
    truth.speech.push(...b.speech.map(shift(k)));
    truth.silences.push(...b.silences.map(shift(k)));
    truth.shots.push(...b.shots.map((s) => ({ ...s, ...shift(k)(s) })));
  }
  return { path: out, truth };
}

/**
 * A re-cut of a video, as an editor makes it: the pieces [from, to) (seconds) kept in the order given, joined and
 * re-encoded (so the two files share content, not bytes or timestamps).
 */
export async function makeRecut(input: string, pieces: Array<[number, number]>, out: string): Promise<string> {
  const trims = pieces.map(
    ([from, to], i) =>
      `[0:v]trim=start=${from}:end=${to},setpts=PTS-STARTPTS[v${i}];[0:a]atrim=start=${from}:end=${to},asetpts=PTS-STARTPTS[a${i}]`,
  );
  const joined = pieces.map((_, i) => `[v${i}][a${i}]`).join('') + `concat=n=${pieces.length}:v=1:a=1[v][a]`;
  await exec('ffmpeg', [
    '-v', 'error', '-y', '-i', input, '-filter_complex', [...trims, joined].join(';'),
    '-map', '[v]', '-map', '[a]', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-c:a', 'aac', '-movflags', '+faststart', out,
  ]);
  return out;
}
