/**
 * Every tunable number of the analysis engine, in one place, each with its source or reasoning.
 *
 * IMPORTANT: the retention curve, drop-offs and scores built from these constants are PREDICTIONS from a heuristic
 * hazard model, not measurements of real viewers. The platform figures are public rules of thumb (cited below) and
 * our own reasoning; they were chosen so that the model's outputs land in the ranges creators see in their
 * analytics, not fitted to private data. Change them here and nowhere else.
 */

import { PLATFORM_NAMES, PLATFORMS, type Platform } from '@preflight/shared';

// The platforms and their names are shared rules (upload page, report, PDF); the figures below are the engine's.
export { PLATFORMS, type Platform };

export interface PlatformPreset {
  label: string;
  /** Longest video the format accepts (s); null = no practical limit for our 1 h cap. */
  maxDurationS: number | null;
  /** The aspect (width/height) must not exceed this; null = any aspect. */
  maxAspect: number | null;
  /** Vertical (9:16) is the native format: horizontal gets a low-severity note. */
  prefersVertical: boolean;
  /** Loudness the platform normalises playback to (LUFS). */
  targetLufs: number;
  /** Seconds between visual changes (cut, zoom, B-roll, text) viewers of this format are used to: short-form feeds
   * cut every 2-4 s (we ask for one every 4 s at least), long-form YouTube about every 10 s. */
  visualChangeEveryS: number;
  /** Feed viewers mostly watch with sound on (short-form feeds): a video with nothing to hear is critical there. */
  soundOnFeed: boolean;
  /** Seconds counted as "the hook": where the scroll-away decision is made. */
  hookWindowS: number;
  /** Baseline hazard at t=0 (per second) and its time constant: h(t) = BASE / (1 + t / TAU). */
  baseHazard: number;
  baseTauS: number;
  /**
   * The parts of a full-screen vertical video that the app's interface covers (name, caption, buttons), as shares of
   * the frame's height (top, bottom) and width (left, right); null where the player covers nothing while it plays.
   */
  safeZone: SafeZone | null;
  /** Viewers scroll this feed with the sound off often enough that a speech-led video needs burned-in captions. */
  captionsExpected: boolean;
}

export interface SafeZone {
  top: number;
  bottom: number;
  left: number;
  right: number;
  /** Where the figures come from, shown with the check. */
  source: string;
}

/**
 * Safe zones. Meta publishes its figures for Reels (Meta Business Help Center, Reels safe zones: keep the top 14 %,
 * the bottom 35 % and 6 % on each side free of text and logos). TikTok and YouTube publish overlay templates rather
 * than figures; the figures below are read off 1080 × 1920 overlays by guides that measured them:
 * - TikTok: top 250 px, bottom 420 px, right 170 px (socaptions.com, "TikTok safe zones 2026") = 13 %, 22 %, 16 %.
 * - YouTube Shorts: bottom ~25 % for title, channel and subscribe button (youraithumbnailgenerator.com, "YouTube
 *   Shorts safe zones"), and the centre 80 % of the width and 60 % of the height as the safe core (shortsfire.com,
 *   "Shorts safe zones"): top 20 %, sides 10 %.
 * The interfaces change with app versions and devices: these are working margins, not exact promises.
 */
const SAFE_ZONES = {
  reels: { top: 0.14, bottom: 0.35, left: 0.06, right: 0.06, source: 'Meta Business Help Center, Reels safe zones' },
  tiktok: { top: 0.13, bottom: 0.22, left: 0, right: 0.16, source: 'TikTok 1080 × 1920 overlay as measured by socaptions.com (2026)' },
  shorts: { top: 0.2, bottom: 0.25, left: 0.1, right: 0.1, source: 'YouTube Shorts overlay as measured by youraithumbnailgenerator.com and shortsfire.com' },
} satisfies Record<string, SafeZone>;

/**
 * Sources / reasoning:
 * - Length limits: YouTube Shorts accepts up to 3 min (YouTube Help "Upload YouTube Shorts", Oct 2024) and only
 *   square or vertical video; Instagram Reels up to 3 min (Instagram, Jan 2025); TikTok in-app recording up to 10 min.
 * - Loudness: YouTube normalises to about -14 LUFS and does not turn quiet audio up (YouTube "stats for nerds"
 *   content loudness; widely measured). TikTok and Instagram publish no figure; -14 LUFS is the common mastering
 *   recommendation for them too.
 * - Hook window: short-form feeds decide within ~1-3 s (TikTok Creator Portal advises hooking in the first 3 s);
 *   long-form YouTube's "first 30 s" retention matters, but the steepest loss is in the first ~10 s.
 * - Baseline hazard: chosen so a neutral 30 s short keeps ~70 % of the viewers who passed the hook to the end and a
 *   neutral 10 min YouTube video ends near 35-40 % (typical average-view-duration figures creators report:
 *   short-form 60-80 % viewed for < 60 s, long-form 40-50 % average percentage viewed). The hazard falls with time
 *   (1 / (1 + t/tau)) because viewers who stayed are the committed ones.
 */
export const PLATFORM_PRESETS: Record<Platform, PlatformPreset> = {
  tiktok: { visualChangeEveryS: 4, soundOnFeed: true, label: PLATFORM_NAMES.tiktok, maxDurationS: 600, maxAspect: null, prefersVertical: true, targetLufs: -14, hookWindowS: 3, baseHazard: 0.017, baseTauS: 30, safeZone: SAFE_ZONES.tiktok, captionsExpected: true },
  shorts: { visualChangeEveryS: 4, soundOnFeed: true, label: PLATFORM_NAMES.shorts, maxDurationS: 180, maxAspect: 1, prefersVertical: true, targetLufs: -14, hookWindowS: 3, baseHazard: 0.016, baseTauS: 30, safeZone: SAFE_ZONES.shorts, captionsExpected: true },
  reels: { visualChangeEveryS: 4, soundOnFeed: true, label: PLATFORM_NAMES.reels, maxDurationS: 180, maxAspect: null, prefersVertical: true, targetLufs: -14, hookWindowS: 3, baseHazard: 0.017, baseTauS: 30, safeZone: SAFE_ZONES.reels, captionsExpected: true },
  youtube: { visualChangeEveryS: 10, soundOnFeed: false, label: PLATFORM_NAMES.youtube, maxDurationS: null, maxAspect: null, prefersVertical: false, targetLufs: -14, hookWindowS: 10, baseHazard: 0.006, baseTauS: 60, safeZone: null, captionsExpected: false },
};

/** `auto`: vertical/square and <= 3 min -> Shorts; vertical <= 10 min -> TikTok; otherwise YouTube. */
export const AUTO_SHORT_MAX_S = 180;
export const AUTO_TIKTOK_MAX_S = 600;

export const C = {
  // ---------------------------------------------------------------- signals (single decode pass)
  /** Width of the small copy (swscale fast_bilinear: measured ~1 s CPU per minute of 1080p cheaper than bilinear, same cuts) used for every video signal. */
  ANALYSIS_WIDTH: 160,
  /** Reduced rate for brightness / saturation / motion (4 samples per second resolves 0.25 s, enough for pacing). */
  MOTION_FPS: 4,
  /**
   * Frame change (scdet mafd, 0-100, on the 160 px copy) below which a frame is never a cut. Hard cuts between
   * unrelated shots change 15-60; a talking head or a slow pan changes < 3 per frame, a fast pan ~10-18.
   */
  CUT_MIN_CHANGE: 8,
  /**
   * A cut changes at least this many times the mean change of its neighbours (PySceneDetect's adaptive threshold is
   * 3 with a ±2 window). 2.5 keeps a cut out of a fast pan into a calm shot (~2.6x) and leaves the end of a freeze or
   * the first moving frame of a still shot (~2x by construction) below it.
   */
  CUT_ADAPTIVE_RATIO: 2.5,
  /** Neighbours on each side in the rolling mean (±0.1 s at 30 fps: long enough to average out hand shake). */
  CUT_WINDOW_HALF_FRAMES: 3,
  /** A cut is the largest change within this many frames on each side (one cut for a two-frame transition). */
  CUT_PEAK_HALF_FRAMES: 2,
  /** Two cuts closer than this are one event (flash frames, dissolves caught twice). */
  CUT_MIN_GAP_S: 0.2,
  /**
   * Colour-distribution change (signals/colour-histogram.ts, 0-1) below which a frame is never a cut by colour. Measured
   * on generated cuts between static, moving and busy shots: 0.12-0.44; on the real clips' cuts 0.16-0.26; between
   * frames of one shot (pans, zooms, noise, fades, titles, a falling bird) at most 0.065.
   */
  CUT_HIST_MIN: 0.09,
  /** ...and at least this many times its neighbours' mean (inside a shot the colour mix drifts evenly, <= 2.6x; a cut jumps, >= 5x). */
  CUT_HIST_RATIO: 3,
  /** A flash lasts at most this many frames: a jump whose colours return within it is not a cut. */
  FLASH_MAX_FRAMES: 3,
  /** "Return": the colours after the flash are within this share of the jump's own distance from those before it. */
  FLASH_RETURN_RATIO: 0.3,
  /** blackdetect: a frame is black when >= 98 % of pixels are below 10 % luma; segments >= 0.1 s. */
  BLACK_MIN_S: 0.1,
  BLACK_PIX_TH: 0.1,
  BLACK_PIC_TH: 0.98,
  /** freezedetect noise tolerance (-50 dB ~ 0.3 % difference) and minimum duration. */
  FREEZE_NOISE_DB: -50,
  FREEZE_MIN_S: 1,
  /**
   * Mean absolute luma difference (0-255) between samples 0.25 s apart on the 160 px copy below which the picture
   * counts as static. Sensor noise on a tripod shot measures ~0.2-0.8 at this size; a talking head moving 1.5-4.
   */
  STATIC_MOTION_MAX: 1.0,
  /** Shortest static run recorded as a segment. */
  STATIC_MIN_S: 2,
  /** silencedetect: quieter than -50 dBFS for at least 0.5 s. Room tone of phone audio sits around -55 to -65 dBFS. */
  SILENCE_NOISE_DB: -50,
  SILENCE_MIN_S: 0.5,

  // ---------------------------------------------------------------- voice activity (Silero VAD v4)
  VAD_SAMPLE_RATE: 16000,
  /** 512 samples = 32 ms per inference at 16 kHz (Silero's recommended window). */
  VAD_WINDOW: 512,
  /** Silero README defaults: speech when p >= 0.5, ends when p < 0.35 (threshold - 0.15). */
  VAD_ON: 0.5,
  VAD_OFF: 0.35,
  /** Silence inside speech shorter than this does not split a segment (Silero default min_silence_duration_ms 100; we use 250 for word gaps). */
  VAD_MIN_SILENCE_S: 0.25,
  VAD_MIN_SPEECH_S: 0.25,
  /** Segment starts are moved this much earlier (Silero's speech_pad_ms is 30; it triggers about one window late). */
  VAD_ONSET_PAD_S: 0.032,
  /** Onset refinement: extend a new segment back over preceding windows with p >= this (up to MAX_S). */
  VAD_ONSET_BACKTRACK_P: 0.15,
  VAD_ONSET_BACKTRACK_MAX_S: 0.3,
  /** Chunks quieter than this RMS (dBFS) are not run through the model (pure speed-up; speech is never that quiet). */
  VAD_SKIP_RMS_DB: -60,

  // ---------------------------------------------------------------- speech / music / other / silence (signals/audio-class.ts)
  /** Classification step (s); features look 0.5 s either side of each block. */
  AUDIO_BLOCK_S: 0.5,
  /** A VAD segment is speech only if Silero's mean probability over it is at least this (real speech runs 0.75-0.95; a
   * thud or a burst of birdsong that crossed 0.5 for a moment averages 0.4-0.6). */
  SPEECH_MIN_MEAN_PROB: 0.65,
  /** ...and at least this share of its 20 ms frames has a clear pitch (voiced speech is 60-90 % voiced; thuds, chirps < 25 %). */
  SPEECH_MIN_VOICED_SHARE: 0.35,
  /** ...or this share when Silero's mean over the segment is at least SPEECH_SURE_MEAN_PROB: under a music bed the
   * mixture is less periodic than the voice (a line 6 dB over chords and drums measured 0.33 voiced at mean 0.96),
   * while every non-speech segment seen (birdsong, thuds, piano, music beds, sung lines) averages 0.58 or less. */
  SPEECH_SURE_MEAN_PROB: 0.85,
  SPEECH_SURE_MIN_VOICED_SHARE: 0.15,
  /** Syllables: share of frames below half the local mean energy. Speech dips between syllables (typically 0.15-0.6);
   * held notes, instruments and orchestral beds are continuous (< 0.1). */
  SPEECH_MIN_LOW_ENERGY_SHARE: 0.1,
  /** The steady bed under a voice (noise, music, room tone) is this percentile of frame energy over ±BED_WINDOW_S:
   * a talker pauses for breath and between lines within a few seconds, so the quietest tenth is the bed alone. */
  BED_PERCENTILE: 0.1,
  BED_WINDOW_S: 3,
  /** Syllable dips are measured above the bed only where the context's mean energy is at least this many times the
   * bed's (4 dB): speech 6 dB over a bed, talking 60-80 % of the time, sits 5-7 dB over it; a held note or a
   * continuous orchestra has its quietest tenth within 1-3 dB of its mean, and keeps the plain measure. */
  BED_MIN_FOREGROUND_RATIO: 2.5,
  /** ...or the share of envelope modulation at the syllable rate (2.5-7 Hz) is at least this (speech over a music bed,
   * where the bed fills the dips; sustained music stays below ~0.5). */
  SPEECH_MIN_SYLLABIC_MODULATION: 0.55,
  /** Singing (signals/audio-class.ts isSung), judged per run of speech segments less than SUNG_RUN_GAP_S apart (a song's
   * phrases are a bar or two apart), by the share of its voiced frames on held notes (±1 semitone for >= 300 ms). Human
   * speech glides: 0-0.2 (0 on every real clip); espeak-ng's flat synthetic pitch 0.15-0.57; a sung line 0.75-0.9. Sung
   * when at least SUNG_HELD_SHARE... */
  SUNG_RUN_GAP_S: 3,
  SUNG_HELD_SHARE: 0.8,
  /** ...or at least SUNG_MIN_HELD_SHARE and Silero's mean over the voiced frames below SUNG_MAX_VAD_MEAN (sung lines
   * 0.65-0.75; a voice 6 dB over pink noise or a music bed 0.85-1). */
  SUNG_MIN_HELD_SHARE: 0.6,
  SUNG_MAX_VAD_MEAN: 0.8,
  /** ...or the voice on pitch plateaus (notes) for at least SUNG_MIN_NOTE_SHARE of its voiced frames (real speech
   * 0.25-0.4), the notes spanning at least SUNG_MIN_NOTE_SPAN_ST semitones (second lowest to second highest: espeak-ng
   * lines in 5 voices at 130-200 wpm 2-7.8, ae_example 7.1; songs over a backing, the bass included, 20-29) AND at
   * least SUNG_MIN_NOTES of them in tune with each other: their Rayleigh statistic on the semitone circle at least
   * SUNG_MIN_TUNING (chance for uniformly placed plateaus e^-3.5 ≈ 3 %; speech in the generated suite and the real
   * clips 0.1-2.8, but 3 of 40 espeak-ng lines 3.6-4.9, which the span excludes; song runs without held notes 3.6 and
   * up, growing with the number of notes). */
  SUNG_MIN_NOTES: 5,
  SUNG_MIN_NOTE_SHARE: 0.5,
  SUNG_MIN_NOTE_SPAN_ST: 10,
  SUNG_MIN_TUNING: 3.5,
  /** A segment of at least SUNG_OWN_MIN_S is judged on its own too; it is clearly spoken (never judged with a song
   * beside it) when not sung, its tuning under SPOKEN_MAX_TUNING and under SPOKEN_MAX_HELD_SHARE of it on held notes. */
  SUNG_OWN_MIN_S: 2,
  SPOKEN_MAX_TUNING: 2,
  SPOKEN_MAX_HELD_SHARE: 0.5,
  /** A non-speech block is music when at least this share of frames is pitched (tonal), or... */
  MUSIC_MIN_VOICED_SHARE: 0.4,
  /** ...at least this share sits in a pitch held within a semitone for >= 300 ms (notes). */
  MUSIC_MIN_HELD_PITCH_SHARE: 0.15,
  /** Shortest run reported as music; shorter tonal bits (a voiced tail between phrases) are "other" sound. */
  MUSIC_MIN_S: 1,

  // ---------------------------------------------------------------- hook model
  /** Share of viewers lost in the hook window for an ordinary opening (TikTok/YouTube creator talks: 20-35 % swipe in 3 s). */
  HOOK_LOSS_BASE: 0.2,
  HOOK_LOSS_MIN: 0.08,
  HOOK_LOSS_MAX: 0.6,
  /** First words later than this add loss, per second of delay, up to the cap. */
  HOOK_SPEECH_GRACE_S: 1.0,
  HOOK_SPEECH_LOSS_PER_S: 0.05,
  HOOK_SPEECH_LOSS_CAP: 0.18,
  /** No cut and little motion in the hook window. */
  HOOK_NO_VISUAL_CHANGE_LOSS: 0.06,
  /** Black opening: loss per second of black, capped. */
  HOOK_BLACK_LOSS_PER_S: 0.15,
  HOOK_BLACK_LOSS_CAP: 0.2,
  /** Frozen/static opening with no speech. */
  HOOK_FROZEN_LOSS: 0.08,
  /** Opening quieter than this momentary loudness (LUFS) on average. */
  HOOK_QUIET_LUFS: -35,
  HOOK_QUIET_LOSS: 0.05,
  /** Speech within 0.6 s plus a cut or movement: a strong opening. */
  HOOK_STRONG_SPEECH_S: 0.6,
  HOOK_STRONG_BONUS: -0.06,
  /** Drop-off listed for the hook only when its loss exceeds the base by this much. */
  HOOK_DROPOFF_MIN_EXCESS: 0.05,

  // ---------------------------------------------------------------- hazard increases (per second, after a grace)
  /** Dead air (silence, nobody speaking): viewers notice after ~0.7 s, full effect after a further 1.5 s. */
  DEAD_AIR_HAZARD: 0.025,
  DEAD_AIR_GRACE_S: 0.7,
  DEAD_AIR_RAMP_S: 1.5,
  /** A static picture: noticed after 1.5 s, full effect 2 s later. */
  STATIC_HAZARD: 0.015,
  STATIC_GRACE_S: 1.5,
  STATIC_RAMP_S: 2,
  /** Static while someone speaks (talking head, screen recording with narration) costs only this fraction. */
  STATIC_WITH_SPEECH_FACTOR: 0.1,
  /** Pauses shorter than this on either side of speech count as part of the talk (sentence breaks, breaths). */
  TALK_CONTEXT_S: 1.0,
  /** Dead air AND static picture together: nothing is happening at all -> super-additive. */
  DEAD_AND_STATIC_MULT: 1.4,
  /** Black frames mid-video (beyond a 0.3 s fade). */
  BLACK_HAZARD: 0.04,
  BLACK_GRACE_S: 0.3,
  /** Energy dip: momentary loudness this far below the video's own active median, with no speech. */
  LOW_ENERGY_DROP_LU: 10,
  LOW_ENERGY_HAZARD: 0.008,
  LOW_ENERGY_MIN_S: 3,
  /** Pacing lull: a shot longer than this multiple of the video's median shot (and >= min), with little motion. */
  LULL_SHOT_MULT: 2.5,
  LULL_MIN_S: 6,
  LULL_HAZARD: 0.006,
  /** Overall loudness below target - this many LU multiplies the baseline hazard (quiet videos get scrolled). */
  QUIET_MARGIN_LU: 6,
  QUIET_HAZARD_MULT_PER_LU: 0.02,
  QUIET_HAZARD_MULT_MAX: 1.25,
  /** No audio at all: most feed viewers watch with sound on. */
  NO_AUDIO_HAZARD_MULT: 1.25,
  /** Picture quality multipliers on the baseline: viewers judge production value in the first glance (our estimate). */
  DARK_HAZARD_MULT: 1.1,
  WASHED_HAZARD_MULT: 1.05,
  /** Audible clipping/distortion (true peak above -1 dBTP after the platform's lossy encode). */
  CLIPPING_HAZARD_MULT: 1.05,

  // ---------------------------------------------------------------- engagement
  /** Baseline multiplier = ENGAGE_MULT_MAX - ENGAGE_MULT_SPAN * engagement (0..1): nothing happening 1.2x, all 0.8x. */
  ENGAGE_MULT_MAX: 1.2,
  ENGAGE_MULT_SPAN: 0.4,
  ENGAGE_W_SPEECH: 0.45,
  ENGAGE_W_MOTION: 0.3,
  ENGAGE_W_CUT: 0.25,
  /** Motion (YDIF) that counts as "fully moving" for engagement. */
  ENGAGE_MOTION_FULL: 6,
  /** A cut keeps a second "fresh" for this long. */
  ENGAGE_CUT_FRESH_S: 3,
  /** Segment ratings (What's Fire / What's Flat). */
  SEGMENT_TARGET_S: 5,
  SEGMENT_FIRE_MIN: 0.55,
  SEGMENT_FLAT_MAX: 0.25,

  // ---------------------------------------------------------------- scores
  /** Risk = 100 * (1 - quality); quality = W_HOLD*hold + W_AVD*avd + W_ISSUES*(1-issuePenalty). */
  RISK_W_HOLD: 0.35,
  RISK_W_AVD: 0.45,
  RISK_W_ISSUES: 0.2,
  /** Hook hold (retention at the end of the hook window) mapped linearly from POOR (0) to GREAT (1). */
  HOLD_POOR: 0.45,
  HOLD_GREAT: 0.9,
  /** Average share watched mapped from POOR (0) to GREAT (1). */
  AVD_POOR: 0.3,
  AVD_GREAT: 0.8,
  /**
   * The band a finding of this grade holds the overall performance score (100 - risk) in, by the grade's integer part:
   * high (2) -> 50-69 ("Needs Polish" at best), critical (3) -> 30-49 ("Major Fixes Needed" at best). A finding the
   * engine calls critical (no sound on a sound-on feed, long dead air over a still picture, a black opening) is by
   * definition not nearly ready to post. Inside the band the size of the problem orders videos (scores.ts
   * performanceScore); each band's floor is the next band's top + 1, so the score runs on across a threshold.
   */
  SEVERITY_BANDS: [null, null, { floor: 50, top: 69 }, { floor: 30, top: 49 }] as ReadonlyArray<{ floor: number; top: number } | null>,
  /**
   * Issue penalty of a finding at grades 0 (low), 1 (medium), 2 (high), 3 (critical) and 4 (the worst critical),
   * linear in between; summed over all findings and capped at 1.
   */
  ISSUE_PENALTY_BY_GRADE: [0.03, 0.1, 0.25, 0.35, 0.45] as readonly number[],
  /** Drop-offs listed: at most this many, each losing at least MIN (percentage points of viewers). */
  MAX_DROPOFFS: 8,
  DROPOFF_MIN_LOSS_PP: 0.5,
  /** An event's peak added hazard must be at least this share of the baseline hazard at that moment. */
  DROPOFF_MIN_PEAK_RATIO: 0.5,
  /** The drop-off time is the first second where the event's hazard reaches this share of its peak. */
  DROPOFF_ONSET_SHARE: 0.25,

  // ---------------------------------------------------------------- prevention ROI (assumptions are copied into the report)
  ROI_ASSUMED_VIEWS: 10_000,
  /** £ per 1000 watch-minutes: a deliberately round illustrative figure (short-form + long-form RPMs vary 0.05-5). */
  ROI_GBP_PER_1000_WATCH_MINUTES: 1.5,

  // ---------------------------------------------------------------- rules
  HOOK_FIRST_WORDS_MEDIUM_S: 1.5,
  HOOK_FIRST_WORDS_HIGH_S: 3,
  HOOK_VISUAL_CHANGE_S: 2,
  BLACK_OPENING_MIN_S: 0.3,
  BLACK_OPENING_HIGH_S: 1,
  BLACK_OPENING_CRITICAL_S: 2,
  FROZEN_OPENING_MIN_S: 1,
  FROZEN_OPENING_HIGH_S: 2,
  DEAD_AIR_MIN_S: 1.5,
  DEAD_AIR_MEDIUM_S: 2.5,
  DEAD_AIR_HIGH_S: 4,
  /** Past critical (6 s), the further length at which a dead segment counts halfway to as bad as it gets (16 s). */
  DEAD_SEGMENT_HALF_BEYOND_S: 10,
  STATIC_ISSUE_MIN_S: 4,
  STATIC_ISSUE_HIGH_S: 6,
  /** Share of a static stretch that must be speech for it to count as a talking head (not flagged as dead). */
  TALKING_HEAD_SPEECH_SHARE: 0.5,
  /** Single takes (fewer than 3 cuts): an uncut stretch at least this many times the platform's change interval gets
   * pacing advice; medium when the picture is also nearly still and it lasts this many intervals. */
  SINGLE_TAKE_MIN_MULT: 1.5,
  SINGLE_TAKE_MEDIUM_MULT: 3,
  /**
   * One take is a talking head's format: a stretch that is mostly speech gets single-take advice only from this long
   * (a 6-15 s single-shot talking head is no pacing problem; issue 40). Below the 25 s cut-in note's length, above a
   * typical short's 15-20 s.
   */
  SINGLE_TAKE_TALKING_MIN_S: 20,
  /** A talking-head stretch this long with no cut gets a low "add a cut-in" note. */
  TALKING_HEAD_NO_CUT_S: 25,
  /** For a report made before the energy envelope was kept: integrated loudness at or below this is a silent track
   * (ebur128 reports -70 for digital silence). Newer reports judge digital silence on the envelope (below). */
  SILENT_TRACK_MAX_LUFS: -60,
  /**
   * Digital silence, on the 100 ms energy envelope of the 16-bit analysis PCM: a block above -80 dBFS carries sound
   * (one LSB of 16-bit audio is -90 dBFS, the envelope's floor; the quietest room tone is -70 to -60 dBFS). A track
   * with less than 0.3 s of such blocks (a stray blip, an edit click: one or two blocks) and under 5 % of its length
   * is silent.
   */
  DIGITAL_SILENCE_BLOCK_DBFS: -80,
  DIGITAL_SILENCE_MAX_SOUND_S: 0.3,
  /**
   * Quiet mix, by the gain it is missing against the platform target (platforms do not lift quiet audio). Under 3 LU
   * is negligible (a level step of 2 LU between programmes goes unnoticed by most listeners, and platforms' own
   * normalisation lands within ±2 LU of their targets; EBU R128 allows ±1 LU around its own); 3-5 LU low; 5-9 LU medium (clearly quieter than the videos around it); 9+ LU high (viewers must
   * reach for the volume).
   */
  LOUDNESS_QUIET_MIN_LU: 3,
  LOUDNESS_QUIET_MEDIUM_LU: 5,
  LOUDNESS_QUIET_HIGH_LU: 9,
  /**
   * Past high, the further gap at which a quiet mix counts halfway to as bad as it gets: 15 LU under (-29 LUFS for a
   * -14 target) is about where speech on a phone speaker at a normal volume stops being intelligible.
   */
  LOUDNESS_QUIET_HALF_BEYOND_LU: 6,
  /** A loud mix is only turned down; worth a low note when it is this far over (heavily limited, loses punch). */
  LOUDNESS_LOUD_LU: 5,
  /** True-peak limit (dBTP) for the peak as played (after the platform's turn-down); severity by how far over. */
  CLIP_TRUE_PEAK_DBTP: -1,
  CLIP_MEDIUM_OVER_DB: 1,
  CLIP_HIGH_OVER_DB: 3,
  DARK_MEDIAN_Y: 50,
  DARK_HIGH_MEDIAN_Y: 35,
  /** A dark picture whose luma spread (90th - 10th percentile, 0-255) reaches this has highlights and detail: low-key
   * style, not underexposure. An underexposed shot tops out around 60-70 luma (spread < ~50 above the black floor). */
  LOW_KEY_MIN_CONTRAST: 70,
  WASHED_CONTRAST_MAX: 50,
  /**
   * A picture whose median 10th-90th percentile luma spread is under this is a flat card of one colour (a title card,
   * a green screen, a blank background; small text covers too few pixels to widen the spread): it has no exposure or
   * contrast to fix, so it is neither "too dark" nor "washed out". Camera footage, even foggy or underexposed, spreads
   * wider (sensor noise and the subject alone give 10-20).
   */
  FLAT_PICTURE_MAX_CONTRAST: 8,
  WASHED_BRIGHTNESS_MIN: 140,
  TAIL_AFTER_SPEECH_MIN_S: 3,
  TAIL_AFTER_SPEECH_HIGH_S: 8,
  /**
   * A dead ending: silence or room tone after the last words (nothing but the talker waiting for the cut) is a finding
   * from 1.5 s on, on a video of any length (viewers leave on the silence and the loop restarts on it); a tail with
   * music or other sound keeps the TAIL_AFTER_SPEECH_MIN_S threshold. Share of the tail that must be silence/room tone.
   */
  DEAD_ENDING_MIN_S: 1.5,
  DEAD_ENDING_QUIET_SHARE: 0.8,
  /** Room tone: this far (LU) under the video's speech level counts as nothing to hear after the words. */
  DEAD_ENDING_DROP_LU: 20,
  /**
   * The sound stops and never comes back (rules/audio-dropout.ts): a digitally silent ending of at least 3 s and 40 %
   * of the video is medium, half of it or more high. A shorter silent end after the last words is a dead ending
   * (rules/long-tail.ts).
   */
  AUDIO_DROPOUT_MIN_S: 3,
  AUDIO_DROPOUT_MIN_SHARE: 0.4,
  AUDIO_DROPOUT_HIGH_SHARE: 0.5,
  /**
   * Black gaps after the opening (rules/black-gaps.ts): half a second of black is a gap (a fade's dip through black
   * lasts a few frames); 1.5 s of black in total is medium, 3 s high.
   */
  BLACK_GAP_MIN_S: 0.5,
  /**
   * Real picture rate (rules/low-picture-rate.ts), from the 4 Hz fingerprint: a sample between two moving ones whose
   * luma change is at most LOW_RATE_REPEAT_RATIO of theirs repeats the picture before it (a lossy encode keeps a
   * repeated picture at 0.2-0.6); at least LOW_RATE_MIN_REPEATS such samples, and LOW_RATE_MIN_SHARE of the moving
   * ones (3.2 pictures a second or fewer: 3 gives a quarter, 2 a half), are needed to say anything. A file of at least 15 fps
   * nominal showing a sixth of its rate or less is medium, an eighth or less (under 4 pictures a second in 30 fps:
   * 2-3 is what a broken export shows) high. The 4 Hz samples see only rates under 4 pictures a second.
   */
  LOW_RATE_REPEAT_RATIO: 0.1,
  LOW_RATE_MIN_SHARE: 0.2,
  LOW_RATE_MIN_REPEATS: 6,
  LOW_RATE_MIN_NOMINAL_FPS: 15,
  LOW_RATE_MEDIUM_RATIO: 6,
  LOW_RATE_HIGH_RATIO: 8,
  BLACK_GAP_MEDIUM_S: 1.5,
  BLACK_GAP_HIGH_S: 3,
  /** Transcript rule: call-to-action words must appear in the last share of the transcript. */
  CTA_TAIL_SHARE: 0.25,
  /**
   * Filler words (filled pauses: um, uh, er, erm, ah, hmm). Conversation averages about 6 disfluencies per 100 words
   * of every kind (Bortfeld, Leon, Bloom, Schober & Brennan 2001, "Disfluency rates in conversation", Language and
   * Speech 44(2), 123-147). A short made to
   * be posted should sound cleaner than conversation, so filled pauses alone at half that rate (3 per 100 words) are a
   * note, and at the whole conversational rate (6) a finding. Below FILLER_MIN_WORDS words a rate means little.
   */
  FILLER_PER_100_WORDS_NOTE: 3,
  FILLER_PER_100_WORDS_HIGH: 6,
  FILLER_MIN_WORDS: 40,
  /**
   * Speaking rate is compared between consecutive stretches of at least RATE_WINDOW_S seconds of speech; a change by
   * RATE_CHANGE_RATIO or more (e.g. 120 → 180 words per minute) is reported as a sharp change. Product choice, not
   * fitted to a clip: a 1.5× change is well past the ±20 % a speaker varies within a steady delivery.
   */
  RATE_WINDOW_S: 10,
  RATE_CHANGE_RATIO: 1.5,
  /** Balanced shows at most this many issues; gentle at most GENTLE_MAX (high + medium only); brutal all. */
  BALANCED_MAX: 10,
  GENTLE_MAX: 3,
  /** Impact scores (docs/product.md, Rules › Severity and impact). */
  IMPACT: { high: 90, medium: 70, low: 50, hook: 75 },

  // ---------------------------------------------------------------- frames
  FRAME_WIDTH: 480,
  /** ffmpeg -q:v (2 best .. 31 worst); 5 keeps a 480 px frame around 15-30 kB. */
  FRAME_QUALITY: 5,
  /**
   * Context frames spread evenly over the whole video: one every 10 s (a 30 s short gets 8, a 6 min video 36), at
   * most 48 (a 1-hour video: one a minute and a quarter). Every problem and drop-off frame is added on top, then
   * segment midpoints while the total stays within MAX_FRAMES. Why 96: a 480 px frame is 15-30 kB, so a report folder
   * stays under ~3 MB (kept 48 h); the PDF prints a fixed strip of 8 plus the frames of the issues it lists (resized
   * to 200 DPI), so its < 1 MB budget does not grow with this count. Context frames snap to the thumbnails the decode
   * pass already wrote (no extra seeking).
   */
  EVEN_FRAME_SPACING_S: 10,
  EVEN_FRAMES_MIN: 8,
  EVEN_FRAMES_MAX: 48,
  MAX_FRAMES: 96,
  /**
   * Timeline thumbnails are taken in the single decode pass (fps filter -> 480 px JPEG in the temp folder): at most
   * THUMBS_MAX per video and at most THUMBS_MAX_FPS (so a 60 s video gets one every 0.5 s, 10 min one every 2.5 s).
   * Issue/drop-off frames use the nearest of these when it is within FRAME_SNAP_S, otherwise an accurate seek.
   */
  THUMBS_MAX: 240,
  THUMBS_MAX_FPS: 2,
  FRAME_SNAP_S: 0.26,
  /** Accurate seeks run one ffmpeg per frame, this many at once (one multi-input ffmpeg measured ~14x slower). */
  SEEK_CONCURRENCY: 2,

  // ---------------------------------------------------------------- on-screen text and faces (vision/)
  /**
   * Frames read by OCR and the face detector, from the decode pass's 480 px thumbnails: VISION_SPREAD_FRAMES spread
   * over the whole video, read while it decodes, then more over the speech until VISION_SPEECH_FRAMES of those read
   * fall in speech (captions). Each costs ~0.1-0.2 s of CPU.
   */
  VISION_SPREAD_FRAMES: 12,
  VISION_SPEECH_FRAMES: 6,
  /** Longest a frame may wait for its reading (queued frames wait their turn: this times the queue position). */
  VISION_FRAME_TIMEOUT_MS: 20_000,
  /** Tiny face detector input (multiple of 32): 224 costs half of 320 and, with the margin below, still finds a face a sixth of the frame wide. */
  FACE_INPUT_SIZE: 224,
  /**
   * Grey margin added on each side before detection, as a share of the frame: the tiny detector misses a face that
   * fills the frame (measured on a close-up talking head: none found bare, 0.63-0.90 with a quarter margin).
   */
  FACE_PAD: 0.25,
  /** Detector score below which a box is not a face (face-api's default is 0.5). */
  FACE_MIN_SCORE: 0.5,
  /**
   * A line of OCR text counts when tesseract's confidence is at least this and it has two letters or digits: textures
   * (leaves, grass, fabric) read as short junk at 20-50.
   */
  TEXT_MIN_CONFIDENCE: 60,
  /**
   * Lines are stored from this confidence (and TEXT_SMALL_MIN_HEIGHT) so that a small line that repeats can count
   * (vision/reading.ts): a handle of 1.5-2 % of the height reads at 45-90 on a 480 px thumbnail, varying frame to frame.
   */
  TEXT_KEEP_MIN_CONFIDENCE: 40,
  /**
   * A smaller line than TEXT_MIN_HEIGHT counts only when it reads as words and repeats: a handle or watermark in the
   * top or bottom few percent of a vertical frame is this small (a 32 px font on 1920 px is 1.5 %) and still readable.
   */
  TEXT_SMALL_MIN_HEIGHT: 0.012,
  /** Frames (the line's own included) that must show the same text in the same place for a weak read to count. */
  TEXT_REPEAT_MIN_FRAMES: 3,
  /** Every word of a quoted line was read at least this confidently (tesseract scores garbled words 20-60). */
  TEXT_QUOTE_MIN_WORD_CONFIDENCE: 60,
  /** A finding that says nobody speaks in a stretch tolerates this much detected speech in it (a breath, an edge). */
  CLAIM_SPEECH_TOLERANCE_S: 0.3,
  /** A cut this close to a stretch's end is its edge, not a cut inside it. */
  CLAIM_CUT_MARGIN_S: 0.2,
  /** Two reads are the same text when at most this many letters differ (and at most a fifth of them). */
  OCR_SAME_TEXT_EDITS: 3,
  /** ...or when one holds the other whole and the shorter has at least this many letters (a part of a small line). */
  OCR_PART_MIN_LETTERS: 5,
  /** Luma (0-255) from which a pixel counts as caption ink in the OCR mask: white and yellow text, not mid-tones. */
  TEXT_BRIGHT_MIN: 200,
  /** A line lower than this share of the frame's height is not readable on a phone (and is mostly texture read as text). */
  TEXT_MIN_HEIGHT: 0.02,
  /** A box is in a covered zone when at least this share of its area lies inside it. */
  SAFE_ZONE_MIN_OVERLAP: 0.5,
  /** Safe zones apply to video shown full screen: vertical, up to 4:5 (wider video sits in a band clear of the interface). */
  SAFE_ZONE_MAX_ASPECT: 0.8,
  /** A video is speech-led when someone speaks for at least this share of it: without captions it loses sound-off viewers. */
  CAPTIONS_SPEECH_LED_RATIO: 0.3,
  /** Captions are missing when fewer than this share of the frames read during speech show caption text. */
  CAPTIONS_MIN_COVERAGE: 0.25,
  /** Frames read during speech needed to judge captions at all. */
  CAPTIONS_MIN_FRAMES: 3,
  /**
   * Captions read on at least this many frames during speech mean the video is captioned, whatever the share: OCR
   * misses captions on busy pictures and in stylised fonts, and "no captions" must never be said over captions the
   * creator can see. One frame alone may be a pop-up title.
   */
  CAPTIONS_PRESENT_MIN_FRAMES: 2,
  /** Text on at least this share of all frames read (and 3 of them) is a fixed overlay (a name, a watermark), not captions. */
  OVERLAY_MIN_SHARE: 0.6,
} as const;

export type Constants = typeof C;
