/**
 * The generated evaluation suite (issue 27): seeded videos built with the test-media generator, one group per class of
 * footage the engine must get right, and the measures each is judged by. Used by `npm run eval:generated` (the whole
 * suite, one table per class) and by test/analysis/generated-suite.test.ts (the cases marked `ci`, with floors).
 *
 * Every case is deterministic: fixed shot lists, fixed seeds for noise and music, espeak-ng speech. Nothing here is
 * tuned to the engine; the truth comes from how each video is built.
 */
import type { Metrics, ProposedEdit } from '@preflight/shared';
import { activeLevelDb, speak, type MediaTruth, type Segment, type Shot, type VideoOptions, type Visual } from '../media/generate';
import { evaluateCuts, type CutEval } from './metrics';
import { evaluateEdit, truthDeadAir, type EditEval } from './edit';
import { GAIN_TAGS, SPEECH_TAGS, evaluateFindings, mergeExpectations, type FindingExpectation, type FindingsEval } from './findings';

export type SuiteClass =
  | 'cuts-pairs'
  | 'not-cuts'
  | 'speech-levels'
  | 'speech-pink'
  | 'speech-music'
  | 'music-only'
  | 'song'
  | 'speech-then-song'
  | 'no-sound'
  | 'formats'
  | 'dead-air'
  | 'findings';

export const CLASS_TITLES: Record<SuiteClass, string> = {
  'cuts-pairs': 'Cuts between every pair of static / moving / busy-texture shots',
  'not-cuts': 'Fades, flashes, freeze ends, pans and zooms (not cuts) beside real cuts',
  'speech-levels': 'Speech at several levels over digital silence',
  'speech-pink': 'Speech over a pink-noise bed (+6 to +12 dB)',
  'speech-music': 'Speech over a music bed (+6 to +15 dB)',
  'music-only': 'Music only (no speech anywhere)',
  song: 'Songs: a sung vocal over a backing track or a cappella (singing is not speech)',
  'speech-then-song': 'A spoken line and a song in the same video (the line is speech, the song is not)',
  'no-sound': 'No audio stream / digitally silent track',
  formats: 'Non-square pixels, rotation, variable frame rate, vertical and horizontal',
  'dead-air': 'Talking heads with a slow intro, long pauses and a dead ending (the proposed edit)',
  findings: 'What a creator must (and must not) be told: one-take talking heads, fades, quiet tracks, audio drop-outs, dead endings, black gaps',
};

export interface SuiteCase {
  name: string;
  cls: SuiteClass;
  /** Part of the representative subset CI runs with floors. */
  ci?: boolean;
  /** Builds the generator options (async: some levels are set against the measured level of the spoken line). */
  video: () => Promise<Omit<VideoOptions, 'dir' | 'name'>>;
  /** Findings the case must / must not give, over the defaults its truth implies (defaultExpectations). */
  findings?: FindingExpectation;
}

/**
 * What every video's truth implies: nobody speaks = no finding about words; no audio track = "no audio", no gain;
 * a silent ending of 40 % or more (after sound) = the audio drops out; black after the opening = black gaps. The
 * misses of issue 40 are findings only where the video has them.
 */
export function defaultExpectations(truth: MediaTruth): FindingExpectation {
  const out: FindingExpectation = { must: [], mustNot: ['low_picture_rate'] };
  if (!truth.speech.length) out.mustNot!.push(...SPEECH_TAGS);
  const D = truth.shots.at(-1)?.end_s ?? 0;
  const lastSilence = truth.silences.at(-1);
  const soundBefore = truth.speech.length > 0 || truth.beds.length > 0 || truth.sung.length > 0;
  const dropout = truth.has_audio && soundBefore && !!lastSilence && lastSilence.end_s >= D - 0.05 && lastSilence.start_s > 0.5 && D - lastSilence.start_s >= Math.max(3, 0.4 * D);
  if (dropout) out.must!.push('audio_dropout');
  else out.mustNot!.push('audio_dropout');
  if (truth.black_segments.some((b) => b.start_s > 0.1 && b.end_s - b.start_s >= 0.5)) out.must!.push('black_gap');
  else out.mustNot!.push('black_gap');
  if (!truth.has_audio) {
    out.must!.push('no_audio');
    out.mustNot!.push(...GAIN_TAGS, 'silent_audio');
  }
  return out;
}

/** A track of digital silence: "silent", never a gain finding, never "no audio track". */
const SILENT_TRACK: FindingExpectation = { must: ['silent_audio'], mustNot: [...GAIN_TAGS, 'no_audio'] };

// Shot kinds by how much each frame changes.
const STATIC: Visual[] = ['bars', 'still'];
const MOVING: Visual[] = ['testsrc', 'gradients', 'pan'];
const BUSY: Visual[] = ['noise', 'cellauto', 'zoom', 'life'];
type Kind = 'S' | 'M' | 'B';
const POOL: Record<Kind, Visual[]> = { S: STATIC, M: MOVING, B: BUSY };
/** Covers all nine ordered pairs of kinds once: SS SM MM MB BB BS SB BM MS. */
const PAIR_ORDER: Kind[] = ['S', 'S', 'M', 'M', 'B', 'B', 'S', 'B', 'M', 'S'];

/** A run of shots visiting every ordered pair of kinds; `variant` picks different visuals, hues and lengths. */
function pairShots(variant: number): Shot[] {
  const used: Record<Kind, number> = { S: variant, M: variant, B: variant };
  const lens = [1.4, 1.1, 1.7, 1.2, 1.5, 1.0, 1.3, 1.6];
  let prev: Shot | null = null;
  return PAIR_ORDER.map((k, i) => {
    const pool = POOL[k];
    let visual = pool[used[k]++ % pool.length];
    let hue = ((variant * 47 + i * 73) % 6) * 60;
    // Two shots of the same kind in a row must differ visibly: another visual, or the same one turned in hue.
    if (prev && prev.visual === visual) visual = pool[used[k]++ % pool.length];
    if (visual === 'bars' || visual === 'cellauto') hue = 0; // these barely change with hue; a different visual does
    const shot: Shot = { seconds: lens[(i + variant) % lens.length], visual, hue };
    prev = shot;
    return shot;
  });
}

const LINE_A = 'Here is the one trick that changed how I edit every single video.';
const LINE_B = 'Most creators lose half their viewers in the first three seconds.';
const LINE_C = 'So start with the payoff, then explain how you got there.';

/** Level (dBFS RMS) of a line as spoken at the default rate. */
async function lineDb(text: string): Promise<number> {
  return activeLevelDb(await speak(text));
}

/** Speech at `overDb` above a bed of `bed`, starting at `at` s, over a still talking-head shot and a second shot. */
async function overBed(bed: 'pink' | 'music', overDb: number, at: number, seed: number): Promise<Omit<VideoOptions, 'dir' | 'name'>> {
  const bedDb = (await lineDb(LINE_A)) - overDb;
  return {
    seed,
    shots: [
      { seconds: 4.5, visual: 'still-noisy', speech: LINE_A, speechAt: at, background: bed, backgroundDb: bedDb },
      { seconds: 4.5, visual: 'testsrc', speech: LINE_B, speechAt: 0.4, background: bed, backgroundDb: bedDb },
    ],
  };
}

export const SUITE: SuiteCase[] = [
  // ---- cuts between every pair of kinds (9 cuts a video)
  ...[0, 1, 2, 3].map((v): SuiteCase => ({ name: `pairs-${v}`, cls: 'cuts-pairs', ci: v === 0, video: async () => ({ seed: v, shots: pairShots(v) }) })),
  { name: 'pairs-vertical', cls: 'cuts-pairs', video: async () => ({ width: 180, height: 320, seed: 5, shots: pairShots(5) }) },
  { name: 'pairs-25fps', cls: 'cuts-pairs', ci: true, video: async () => ({ fps: 25, seed: 6, shots: pairShots(6) }) },
  // ---- not cuts
  {
    name: 'fades', cls: 'not-cuts', ci: true,
    video: async () => ({
      shots: [
        { seconds: 2.5, visual: 'testsrc', fadeIn: 0.8, fadeOut: 0.5 },
        { seconds: 2.5, visual: 'gradients', fadeIn: 0.5 },
        { seconds: 2, visual: 'noise', fadeOut: 0.6 },
        { seconds: 2, visual: 'pan', fadeIn: 0.6 },
        { seconds: 1.5, visual: 'bars' },
      ],
    }),
  },
  {
    name: 'flashes', cls: 'not-cuts', ci: true,
    video: async () => ({
      shots: [
        { seconds: 3, visual: 'still', flashes: [1.2, 2.2] },
        { seconds: 3, visual: 'testsrc', flashes: [0.8, 1.9] },
        { seconds: 3, visual: 'cellauto', flashes: [1.5] },
        { seconds: 2, visual: 'bars', flashes: [0.7] },
      ],
    }),
  },
  {
    name: 'freeze-pan-zoom', cls: 'not-cuts',
    video: async () => ({
      shots: [
        { seconds: 4, visual: 'pan', freeze: { at_s: 1.5, seconds: 1 } },
        { seconds: 3.5, visual: 'zoom' },
        { seconds: 3, visual: 'testsrc', freeze: { at_s: 1, seconds: 1 } },
        { seconds: 3, visual: 'pan', hue: 120 },
      ],
    }),
  },
  {
    name: 'busy-flash-fade', cls: 'not-cuts',
    video: async () => ({
      shots: [
        { seconds: 3, visual: 'noise', flashes: [1.4] },
        { seconds: 3, visual: 'zoom', flashes: [1.0] },
        { seconds: 2.5, visual: 'life', fadeOut: 0.5 },
        { seconds: 2.5, visual: 'gradients', fadeIn: 0.5 },
      ],
    }),
  },
  {
    name: 'still-starts-moving', cls: 'not-cuts',
    video: async () => ({
      shots: [
        { seconds: 3.5, visual: 'testsrc', freeze: { at_s: 0, seconds: 2 } },
        { seconds: 3.5, visual: 'gradients', freeze: { at_s: 0, seconds: 1.5 } },
        { seconds: 3, visual: 'zoom' },
      ],
    }),
  },
  {
    name: 'busy-freezes', cls: 'not-cuts',
    video: async () => ({
      shots: [
        { seconds: 3.5, visual: 'noise', freeze: { at_s: 1, seconds: 1 } },
        { seconds: 3.5, visual: 'cellauto', freeze: { at_s: 1.2, seconds: 0.8 } },
        { seconds: 3.5, visual: 'zoom', freeze: { at_s: 1, seconds: 1 }, flashes: [2.8] },
      ],
    }),
  },
  // ---- speech over silence at several levels (espeak is about -20 dBFS RMS; gain shifts it)
  ...([[-18, 0.3], [-10, 1.0], [0, 0.1], [6, 2.0], [-6, 0.5]] as const).map(([gain, at], i): SuiteCase => ({
    name: `speech-${gain >= 0 ? '+' : ''}${gain}dB`, cls: 'speech-levels', ci: i === 0 || i === 2,
    video: async () => ({
      shots: [
        { seconds: 4.5, visual: 'still-noisy', speech: LINE_A, speechAt: at, gainDb: gain },
        { seconds: 4, visual: 'gradients', speech: LINE_C, speechAt: 0.3, gainDb: gain },
      ],
    }),
  })),
  // ---- speech over beds (the case: a line at the very start, 8.5 dB above pink noise)
  ...([[6, 0.3], [8.5, 0.0], [10, 0.8], [12, 0.1], [8.5, 1.5]] as const).map(([over, at], i): SuiteCase => ({
    name: `pink+${over}dB@${at}`, cls: 'speech-pink', ci: i === 1,
    video: () => overBed('pink', over, at, 20 + i),
  })),
  ...([[6, 0.3], [8, 0.0], [10, 0.5], [15, 0.2], [10, 1.2]] as const).map(([over, at], i): SuiteCase => ({
    name: `music+${over}dB@${at}`, cls: 'speech-music', ci: i === 2,
    video: () => overBed('music', over, at, 30 + i),
  })),
  // ---- music only
  ...([-18, -12, -24] as const).map((db, i): SuiteCase => ({
    name: `music-only${db}dB`, cls: 'music-only', ci: i === 0,
    video: async () => ({
      seed: 40 + i,
      shots: [
        { seconds: 3, visual: 'gradients', background: 'music', backgroundDb: db },
        { seconds: 3, visual: 'life', background: 'music', backgroundDb: db },
        { seconds: 3, visual: 'testsrc', hue: 90, background: 'music', backgroundDb: db },
      ],
    }),
  })),
  {
    name: 'music-then-pink', cls: 'music-only',
    video: async () => ({
      seed: 44,
      shots: [
        { seconds: 4, visual: 'cellauto', background: 'music', backgroundDb: -16 },
        { seconds: 4, visual: 'still', background: 'pink', backgroundDb: -30 },
      ],
    }),
  },
  // ---- songs: a sung vocal throughout, no speech anywhere. Tempos from 76 to 140 bpm, the vocal 0 to +12 dB over the
  // backing, a low male, a mid and a female range, vibrato from none to wide, legato or detached lines, one a cappella.
  // The first two are the measured misses (92 bpm +10 dB, 120 bpm +6 dB with notes as short as 0.25 s).
  ...(
    [
      ['92bpm+10dB', { bpm: 92, vocalDb: 10 }],
      ['120bpm+6dB', { bpm: 120, vocalDb: 6 }],
      ['104bpm+6dB', { bpm: 104, vocalDb: 6 }],
      ['76bpm+12dB-male', { bpm: 76, vocalDb: 12, root: 45 }],
      ['140bpm+3dB-female', { bpm: 140, vocalDb: 3, root: 62 }],
      ['100bpm+8dB-straight', { bpm: 100, vocalDb: 8, vibratoCents: 0 }],
      ['112bpm+10dB-wide-vibrato', { bpm: 112, vocalDb: 10, root: 52, vibratoCents: 70, vibratoHz: 6.5 }],
      ['128bpm+6dB-detached', { bpm: 128, vocalDb: 6, root: 60, beats: [0.5, 0.5, 1, 1], breathShare: 0.7 }],
      ['96bpm+0dB', { bpm: 96, vocalDb: 0, root: 50 }],
      ['84bpm-a-cappella', { bpm: 84, vocalDb: 0, backing: false, root: 55 }],
    ] as const
  ).map(([label, song], i): SuiteCase => ({
    name: `song-${label}`, cls: 'song', ci: i < 2,
    video: async () => ({
      seed: 60 + i,
      shots: [
        { seconds: 7, visual: 'still-noisy', song: { seed: 11 + 2 * i, ...song } },
        { seconds: 5, visual: 'gradients', hue: 60 * i, song: { seed: 12 + 2 * i, ...song } },
      ],
    }),
  })),
  // A whole song (issue 40): 20 s of a sung vocal over a backing with a beat; no speech finding may fire on it.
  {
    name: 'song-20s-over-beat', cls: 'song',
    video: async () => ({
      seed: 79,
      shots: [
        { seconds: 10, visual: 'still-noisy', song: { bpm: 104, vocalDb: 8, root: 57, seed: 41 } },
        { seconds: 10, visual: 'still-noisy', song: { bpm: 104, vocalDb: 8, root: 57, seed: 42 } },
      ],
    }),
  },
  // ---- a spoken line and a song in one video: the line must be kept from its first syllable, the song dropped
  {
    name: 'talk-then-song', cls: 'speech-then-song', ci: true,
    video: async () => ({
      shots: [
        { seconds: 4.5, visual: 'still-noisy', speech: LINE_A, speechAt: 0.2 },
        { seconds: 8, visual: 'testsrc', song: { bpm: 116, vocalDb: 8, seed: 5 } },
      ],
    }),
  },
  {
    name: 'song-then-talk-over-bed', cls: 'speech-then-song',
    video: async () => {
      const bedDb = (await lineDb(LINE_B)) - 8;
      return {
        seed: 71,
        shots: [
          { seconds: 8, visual: 'gradients', song: { bpm: 96, vocalDb: 6, root: 48, seed: 9 } },
          { seconds: 4.5, visual: 'still-noisy', speech: LINE_B, speechAt: 0.3, background: 'music', backgroundDb: bedDb },
        ],
      };
    },
  },
  {
    name: 'talk-song-talk', cls: 'speech-then-song',
    video: async () => ({
      shots: [
        { seconds: 4, visual: 'still', speech: LINE_C, speechAt: 0.3, gainDb: -6 },
        { seconds: 7, visual: 'pan', song: { bpm: 132, vocalDb: 10, root: 62, seed: 13 } },
        { seconds: 4.5, visual: 'still-noisy', speech: LINE_A, speechAt: 0.4 },
      ],
    }),
  },
  // ---- no sound
  { name: 'no-audio', cls: 'no-sound', ci: true, video: async () => ({ noAudio: true, shots: [{ seconds: 3, visual: 'testsrc' }, { seconds: 3, visual: 'noise' }, { seconds: 3, visual: 'bars' }] }) },
  { name: 'no-audio-vertical', cls: 'no-sound', video: async () => ({ noAudio: true, width: 180, height: 320, shots: [{ seconds: 4, visual: 'zoom' }, { seconds: 4, visual: 'still' }] }) },
  { name: 'silent-track', cls: 'no-sound', ci: true, findings: SILENT_TRACK, video: async () => ({ shots: [{ seconds: 3, visual: 'gradients' }, { seconds: 3, visual: 'cellauto' }, { seconds: 3, visual: 'still' }] }) },
  { name: 'silent-track-still', cls: 'no-sound', findings: SILENT_TRACK, video: async () => ({ shots: [{ seconds: 8, visual: 'still-noisy' }] }) },
  // Digital silence but for a 50 ms blip (issue 40: ebur128 gates to the blip, -45 LUFS, and "raise it 31 dB" followed).
  {
    name: 'silent-track-blip', cls: 'no-sound', ci: true, findings: SILENT_TRACK,
    video: async () => ({ shots: [{ seconds: 6, visual: 'still-noisy', blip: { at: 3, ms: 50, db: -12 } }, { seconds: 6, visual: 'gradients' }] }),
  },
  // ---- formats
  {
    name: 'sar-16x11', cls: 'formats', ci: true,
    video: async () => ({ width: 352, height: 288, sar: [16, 11], shots: [{ seconds: 3, visual: 'testsrc', speech: LINE_A, speechAt: 0.3 }, { seconds: 3, visual: 'noise' }, { seconds: 3, visual: 'bars' }] }),
  },
  {
    name: 'sar-8x9', cls: 'formats',
    video: async () => ({ width: 360, height: 240, sar: [8, 9], shots: [{ seconds: 3, visual: 'gradients', speech: LINE_B, speechAt: 0.5 }, { seconds: 3, visual: 'cellauto' }, { seconds: 3, visual: 'still' }] }),
  },
  {
    name: 'rotate-90', cls: 'formats', ci: true,
    video: async () => ({ width: 320, height: 180, rotation: 90, shots: [{ seconds: 3, visual: 'still-noisy', speech: LINE_A, speechAt: 0.2 }, { seconds: 3, visual: 'zoom' }, { seconds: 3, visual: 'pan' }] }),
  },
  {
    name: 'rotate-270', cls: 'formats',
    video: async () => ({ width: 320, height: 180, rotation: 270, shots: [{ seconds: 3, visual: 'testsrc', speech: LINE_C, speechAt: 0.4 }, { seconds: 3, visual: 'life' }, { seconds: 3, visual: 'bars' }] }),
  },
  {
    name: 'vfr', cls: 'formats', ci: true,
    video: async () => ({ variableFrameRate: true, shots: [{ seconds: 3, visual: 'testsrc', speech: LINE_B, speechAt: 0.3 }, { seconds: 3, visual: 'gradients' }, { seconds: 3, visual: 'noise' }, { seconds: 2, visual: 'still' }] }),
  },
  {
    name: 'vertical', cls: 'formats',
    video: async () => ({ width: 180, height: 320, shots: [{ seconds: 3, visual: 'still-noisy', speech: LINE_A, speechAt: 0.2 }, { seconds: 3, visual: 'cellauto' }, { seconds: 3, visual: 'pan' }] }),
  },
  {
    name: 'horizontal-hd', cls: 'formats',
    video: async () => ({ width: 640, height: 360, shots: [{ seconds: 3, visual: 'gradients', speech: LINE_C, speechAt: 0.6 }, { seconds: 3, visual: 'noise' }, { seconds: 3, visual: 'testsrc' }] }),
  },
  {
    name: 'vertical-vfr-sar', cls: 'formats',
    video: async () => ({ width: 240, height: 320, sar: [3, 4], variableFrameRate: true, shots: [{ seconds: 3, visual: 'testsrc', speech: LINE_B, speechAt: 0.3 }, { seconds: 3, visual: 'zoom' }, { seconds: 3, visual: 'still' }] }),
  },
  // ---- what the proposed edit removes: silent still openings, long pauses, dead endings, around real speech
  {
    name: 'slow-intro-pause-dead-end', cls: 'dead-air', ci: true,
    video: async () => ({
      shots: [
        { seconds: 3, visual: 'bars' },
        { seconds: 4.5, visual: 'still-noisy', speech: LINE_A, speechAt: 0.2 },
        { seconds: 6, visual: 'still', hue: 120 },
        { seconds: 4.5, visual: 'still-noisy', hue: 240, speech: LINE_B, speechAt: 0.1 },
        { seconds: 4, visual: 'bars', hue: 180 },
      ],
    }),
  },
  {
    name: 'pause-inside-a-shot', cls: 'dead-air',
    video: async () => ({
      shots: [
        { seconds: 9, visual: 'still-noisy', speech: LINE_C, speechAt: 0.4 },
        { seconds: 5, visual: 'gradients', speech: LINE_A, speechAt: 2.5 },
        { seconds: 3, visual: 'testsrc' },
      ],
    }),
  },
  // ---- findings (issue 40): what a creator must be told, and what is filler
  {
    // Room tone far under the target: too quiet, not "silent" (it carries sound).
    name: 'quiet-room-tone', cls: 'findings',
    findings: { must: ['loudness_quiet'], mustNot: ['silent_audio', 'no_audio'] },
    video: async () => ({ shots: [{ seconds: 4, visual: 'testsrc', background: 'noise', backgroundDb: -62 }, { seconds: 4, visual: 'gradients', background: 'noise', backgroundDb: -62 }] }),
  },
  {
    // One take is the talking head's format: a 6 s single shot, ending a second after its words, is no pacing problem.
    name: 'talking-head-6s', cls: 'findings', ci: true,
    findings: { mustNot: ['single_take', 'talking_head_no_cut', 'long_tail'] },
    video: async () => ({ wpm: 140, shots: [{ seconds: 6, visual: 'still-noisy', speech: LINE_A, speechAt: 0.3, background: 'pink', backgroundDb: -50 }] }),
  },
  {
    name: 'talking-head-12s', cls: 'findings',
    findings: { mustNot: ['single_take', 'talking_head_no_cut'] },
    video: async () => ({
      shots: [
        { seconds: 6, visual: 'still-noisy', speech: LINE_B, speechAt: 0.3, background: 'pink', backgroundDb: -50 },
        { seconds: 6, visual: 'still-noisy', speech: LINE_C, speechAt: 0.2, background: 'pink', backgroundDb: -50 },
      ],
    }),
  },
  {
    // Five dips through black in 18 s and no hard cut: the picture changes, it is not "one long take".
    name: 'film-fades', cls: 'findings', ci: true,
    findings: { mustNot: ['single_take', 'static_stretch'] },
    video: async () => ({
      seed: 81,
      shots: [
        { seconds: 3.6, visual: 'testsrc', fadeOut: 0.5, background: 'music', backgroundDb: -20 },
        { seconds: 3.6, visual: 'gradients', fadeIn: 0.5, fadeOut: 0.5, background: 'music', backgroundDb: -20 },
        { seconds: 3.6, visual: 'life', fadeIn: 0.5, fadeOut: 0.5, background: 'music', backgroundDb: -20 },
        { seconds: 3.6, visual: 'pan', fadeIn: 0.5, fadeOut: 0.5, background: 'music', backgroundDb: -20 },
        { seconds: 3.6, visual: 'zoom', fadeIn: 0.5, background: 'music', backgroundDb: -20 },
      ],
    }),
  },
  {
    // The sound stops at 4 s and never comes back: more than half the video plays in silence.
    name: 'audio-drops-out', cls: 'findings',
    findings: { must: ['audio_dropout'], mustNot: ['long_tail'] },
    video: async () => ({
      seed: 82,
      shots: [
        { seconds: 4, visual: 'testsrc', speech: LINE_A, speechAt: 0.2, background: 'music', backgroundDb: -32 },
        { seconds: 3, visual: 'gradients' },
        { seconds: 3, visual: 'pan' },
      ],
    }),
  },
  {
    // Music that stops part way (nobody speaks): the same drop-out.
    name: 'music-drops-out', cls: 'findings',
    findings: { must: ['audio_dropout'] },
    video: async () => ({
      seed: 83,
      shots: [
        { seconds: 4, visual: 'life', background: 'music', backgroundDb: -18 },
        { seconds: 4, visual: 'testsrc' },
        { seconds: 4, visual: 'zoom' },
      ],
    }),
  },
  {
    // A short talking head that ends on 2.5 s of room tone after its last words: a dead ending.
    name: 'dead-ending', cls: 'findings',
    findings: { must: ['long_tail'] },
    video: async () => ({ shots: [{ seconds: 6.5, visual: 'still-noisy', speech: LINE_C, speechAt: 0.2, background: 'pink', backgroundDb: -55 }] }),
  },
  {
    // Black gaps between scenes and a black tail.
    name: 'black-gaps', cls: 'findings', ci: true,
    findings: { must: ['black_gap'] },
    video: async () => ({
      seed: 84,
      shots: [
        { seconds: 3, visual: 'testsrc', background: 'music', backgroundDb: -18 },
        { seconds: 1, visual: 'black', background: 'music', backgroundDb: -18 },
        { seconds: 3, visual: 'gradients', background: 'music', backgroundDb: -18 },
        { seconds: 1, visual: 'black', background: 'music', backgroundDb: -18 },
        { seconds: 3, visual: 'pan', background: 'music', backgroundDb: -18 },
        { seconds: 1.5, visual: 'black', background: 'music', backgroundDb: -18 },
      ],
    }),
  },
  {
    // A 30 fps file that shows 3 new pictures a second (slow movement: a fast pan at 3 pictures a second jumps like cuts).
    name: 'three-pictures-a-second', cls: 'findings',
    findings: { must: ['low_picture_rate'] },
    video: async () => ({ pictureRate: 3, shots: [{ seconds: 4, visual: 'testsrc', background: 'music', backgroundDb: -18 }, { seconds: 4, visual: 'gradients', background: 'music', backgroundDb: -18 }] }),
  },
];

// ------------------------------------------------------------------------------------------------- measures

export interface CaseEval {
  name: string;
  cls: SuiteClass;
  cuts: CutEval;
  /** |detected − true| first words (ms); null when either side has none. */
  onsetErrorMs: number | null;
  truthOnsetS: number | null;
  detectedOnsetS: number | null;
  /** Share of the true speech time covered by detected speech (null without speech in the truth). */
  speechRecall: number | null;
  /** Seconds of detected speech outside the true speech (beyond SPEECH_EDGE_S around it). */
  speechOnNonspeechS: number;
  /** Display aspect reported vs built. */
  aspectOk: boolean;
  size: string;
  score: number;
  /** The proposed edit against the truth (absent when the report has none). */
  edit?: EditEval;
  findings: FindingsEval;
}

/** Detected speech this close to a true line's edges is the line's own onset or tail, not speech on non-speech. */
export const SPEECH_EDGE_S = 0.25;
/** Gaps between detected segments shorter than this are pauses between words, not missed speech. */
const WORD_GAP_S = 0.35;

function overlap(a: Segment, b: Segment): number {
  return Math.max(0, Math.min(a.end_s, b.end_s) - Math.max(a.start_s, b.start_s));
}

function bridge(segs: Segment[], gap: number): Segment[] {
  const out: Segment[] = [];
  for (const s of [...segs].sort((a, b) => a.start_s - b.start_s)) {
    const last = out.at(-1);
    if (last && s.start_s - last.end_s < gap) last.end_s = Math.max(last.end_s, s.end_s);
    else out.push({ ...s });
  }
  return out;
}

export function speechRecall(truth: Segment[], found: Segment[]): number | null {
  const total = truth.reduce((a, s) => a + s.end_s - s.start_s, 0);
  if (total <= 0) return null;
  const f = bridge(found, WORD_GAP_S);
  let covered = 0;
  for (const t of truth) for (const d of f) covered += overlap(t, d);
  return Math.min(1, covered / total);
}

export function speechOnNonspeech(truth: Segment[], found: Segment[]): number {
  const allowed = bridge(truth.map((s) => ({ start_s: s.start_s - SPEECH_EDGE_S, end_s: s.end_s + SPEECH_EDGE_S })), 0);
  let out = 0;
  for (const d of found) {
    let inside = 0;
    for (const a of allowed) inside += overlap(a, d);
    out += d.end_s - d.start_s - inside;
  }
  return Math.max(0, out);
}

const audible = (t: MediaTruth) => t.has_audio && (t.speech.length > 0 || t.beds.length > 0 || t.sung.length > 0);

export function evaluateCase(c: Pick<SuiteCase, 'name' | 'cls' | 'findings'>, truth: MediaTruth, m: Metrics, score: number, edit?: ProposedEdit): CaseEval {
  const frames = (s: number) => Math.round(s * truth.fps);
  const cuts = evaluateCuts(
    {
      fps: truth.fps,
      hard_cuts: truth.cuts.map(frames),
      // A detection inside a fade counts neither way (as in the real-clip truth); flashes and freeze ends DO count.
      gradual: truth.gradual.map((g): [number, number] => [frames(g.start_s), frames(g.end_s)]),
    },
    m.cuts,
  );
  const truthOnsetS = truth.first_speech_s;
  const detectedOnsetS = m.first_speech_s;
  const aspect = truth.width / truth.height;
  return {
    name: c.name,
    cls: c.cls,
    cuts,
    truthOnsetS,
    detectedOnsetS,
    onsetErrorMs: truthOnsetS !== null && detectedOnsetS !== null ? Math.abs(detectedOnsetS - truthOnsetS) * 1000 : null,
    speechRecall: speechRecall(truth.speech, m.speech_segments),
    speechOnNonspeechS: speechOnNonspeech(truth.speech, m.speech_segments),
    aspectOk: Math.abs(m.aspect_ratio - aspect) / aspect < 0.02,
    size: `${m.width}x${m.height}`,
    score,
    // A track of digital silence from start to end is "no sound" (one finding), not dead air: only a track with
    // something on it (speech, a bed, a song) has dead air, as on the real clips.
    ...(edit ? { edit: evaluateEdit(edit, truth.speech, truthDeadAir(audible(truth) ? truth.silences : [], truth.speech, edit)) } : {}),
    findings: evaluateFindings(mergeExpectations(defaultExpectations(truth), c.findings), m, 'auto'),
  };
}

export interface ClassSummary {
  cls: SuiteClass;
  cases: number;
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
  f1: number;
  /** Worst onset error (ms) among cases with speech; null when none has speech. */
  maxOnsetErrorMs: number | null;
  /** Cases with speech whose first words were not found at all. */
  onsetMissed: number;
  /** Mean speech recall over cases with speech. */
  speechRecall: number | null;
  speechOnNonspeechS: number;
  aspectFails: number;
  /** Cases whose findings miss an expected one, give a wrong one or put a minor one in the top three. */
  findingFails: number;
  scoreMin: number;
  scoreMax: number;
  /** The proposed edit over the class: truth speech removed (ms) and the share of truth dead air found (null: none). */
  speechRemovedMs: number;
  deadAirFound: number | null;
}

export function summarise(cls: SuiteClass, evals: CaseEval[]): ClassSummary {
  const e = evals.filter((x) => x.cls === cls);
  const tp = e.reduce((a, x) => a + x.cuts.tp, 0);
  const fp = e.reduce((a, x) => a + x.cuts.fp, 0);
  const fn = e.reduce((a, x) => a + x.cuts.fn, 0);
  const precision = tp + fp ? tp / (tp + fp) : 1;
  const recall = tp + fn ? tp / (tp + fn) : 1;
  const spoken = e.filter((x) => x.truthOnsetS !== null);
  const recalls = e.map((x) => x.speechRecall).filter((r): r is number => r !== null);
  const deadAir = e.reduce((a, x) => a + (x.edit?.deadAirS ?? 0), 0);
  return {
    cls,
    cases: e.length,
    tp, fp, fn, precision, recall,
    f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0,
    maxOnsetErrorMs: spoken.length ? Math.max(...spoken.map((x) => x.onsetErrorMs ?? Infinity)) : null,
    onsetMissed: spoken.filter((x) => x.onsetErrorMs === null).length,
    speechRecall: recalls.length ? recalls.reduce((a, b) => a + b, 0) / recalls.length : null,
    speechOnNonspeechS: e.reduce((a, x) => a + x.speechOnNonspeechS, 0),
    aspectFails: e.filter((x) => !x.aspectOk).length,
    findingFails: e.filter((x) => !x.findings.ok).length,
    scoreMin: Math.min(...e.map((x) => x.score)),
    scoreMax: Math.max(...e.map((x) => x.score)),
    speechRemovedMs: e.reduce((a, x) => a + (x.edit?.speechRemovedMs ?? 0), 0),
    deadAirFound: deadAir > 0 ? e.reduce((a, x) => a + (x.edit?.deadAirFoundS ?? 0), 0) / deadAir : null,
  };
}
