/**
 * Wording per feedback style. Gentle is encouraging and frames each item as an opportunity; balanced is plain;
 * brutal is direct and names the cost. The evidence (measured fact) is always part of the description.
 */
import type { FeedbackStyle } from '@preflight/shared';
import { withArticle } from '@preflight/shared';
import type { Candidate, IssueCode } from './candidates';

export interface Words {
  title: string;
  description: string;
  fix: string;
  /** Short imperative, for viral_hook.action_items.quick_suggestion and actionable_recommendation_short. */
  short: string;
}

type Tpl = (f: Record<string, string | number>, ev: string) => { title: [string, string, string]; why: [string, string, string]; fix: string; short: string };

// [gentle, balanced, brutal]
const T: Record<IssueCode, Tpl> = {
  hook_slow_start: (f) =>
    f.first === 'never'
      ? {
          // Nobody speaks in this video: the advice is about what the opening shows, never a "first line".
          title: ['Your opening could grab viewers sooner', 'Slow hook', 'Your hook is too slow'],
          why: [
            'Viewers decide in the first second or two; something happening on screen right away will help more of them stay.',
            'Viewers decide whether to stay within the first 1-2 seconds, and nothing on screen changes yet.',
            'Nothing happens on screen while viewers decide whether to scroll. Most of them will.',
          ],
          fix: 'Open on movement, a cut or the payoff shot within the first second, or put a line of on-screen text over the first frame that says what the video delivers.',
          short: 'Open on movement or the payoff within 1 s',
        }
      : {
          title: ['Your opening could grab viewers sooner', 'Slow hook', 'Your hook is too slow'],
          why: [
            'Viewers decide in the first second or two; getting to your first line faster will help more of them stay.',
            'Viewers decide whether to stay within the first 1-2 seconds, and nothing pulls them in yet.',
            'You are giving viewers nothing to stay for while they decide whether to scroll. Most of them will.',
          ],
          fix: `Start on your strongest line or the payoff itself, within the first half second (first words now at ${f.first} s). Trim the lead-in and add movement or a cut in the first second.`,
          short: 'Cut straight to your first line within 0.5 s',
        },
  hook_black_opening: (f) => ({
    title: ['Open on a picture instead of black', 'Black opening', 'Dead black opening'],
    why: [
      `A black screen for ${f.len} s can read as a loading video; showing your best frame first will help.`,
      `The video opens on ${f.len} s of black, which looks like a broken or loading video in a feed.`,
      `${f.len} s of black at the start looks broken. People swipe before your video even begins.`,
    ],
    fix: `Trim the first ${f.len} s so the video opens on a strong, bright frame (and make it the thumbnail frame).`,
    short: `Trim the ${f.len} s of black at the start`,
  }),
  hook_frozen_opening: (f) => ({
    title: ['Add movement to your first seconds', 'Frozen opening', 'Frozen, silent opening'],
    why: [
      `The first ${f.len} s are still and quiet; a little motion or a line of speech right away will draw viewers in.`,
      `Nothing moves and nobody speaks for the first ${f.len} s, so the feed sees a still image.`,
      `The first ${f.len} s are a frozen, silent picture. That is a scroll signal, not a hook.`,
    ],
    fix: f.sound === 'none'
      ? 'Start on movement (a gesture, a camera move or a cut) in the first second, or trim the still lead-in.'
      : 'Start on movement (a gesture, a camera move or a cut) and speak in the first second, or trim the still lead-in.',
    short: f.sound === 'none' ? 'Start on movement, trim the still lead-in' : 'Start on movement and speech, trim the still lead-in',
  }),
  hook_opening_line: (f) => ({
    title: ['Lead with your most interesting line', 'Weak opening line', 'Your first line wastes the hook'],
    why: [
      `You open with "${f.quote}". Leading with the payoff or a bold claim tends to keep more viewers.`,
      `The first line ("${f.quote}") is a greeting or set-up rather than the reason to watch.`,
      `"${f.quote}" is filler. Nobody stays for a greeting.`,
    ],
    fix: 'Open with the payoff, a bold claim or a question the video answers; move greetings and context later or cut them.',
    short: 'Open with the payoff or a question, not a greeting',
  }),
  dead_segment: (f) => ({
    title: ['Tighten a quiet, still moment', 'Nothing happens', 'Dead segment: viewers leave here'],
    why: [
      `Around ${f.at} there are ${f.len} s with no sound and no movement; trimming it will keep your momentum.`,
      `From ${f.at} the video has ${f.len} s of silence over a still picture, where the predicted drop-off peaks.`,
      `${f.len} s of nothing at ${f.at}: no sound, no movement. This is where your viewers walk away.`,
    ],
    fix: `Cut the ${f.len} s at ${f.at}, or cover it with B-roll, music or a line of voice-over.`,
    short: `Cut or cover the ${f.len} s still, silent stretch at ${f.at}`,
  }),
  dead_air: (f) => ({
    title: ['Trim a pause', 'Dead air', 'Dead air kills momentum'],
    why: [
      `There is ${withArticle(f.len)} s pause at ${f.at}; a quick trim will keep the energy up.`,
      `${f.len} s of silence at ${f.at} with nobody speaking and no music.`,
      `${f.len} s of silence at ${f.at}. Viewers hear nothing and leave.`,
    ],
    fix: `Cut the pause at ${f.at} down to under half a second, or add music or a sound effect under it.`,
    short: `Cut the ${f.len} s pause at ${f.at}`,
  }),
  static_stretch: (f) => ({
    title: ['Add some movement here', 'Static stretch', 'Static stretch: the picture dies'],
    why: [
      `From ${f.at} the picture stays still for ${f.len} s; a cut or zoom would keep it fresh.`,
      `${f.len} s from ${f.at} without a cut or visible movement.`,
      `${f.len} s of a still picture from ${f.at}. A feed is full of moving videos; this looks frozen.`,
    ],
    fix: `Add a cut, punch-in zoom, B-roll or on-screen text within every 2-3 s of the stretch at ${f.at}.`,
    short: `Add a cut or zoom in the ${f.len} s still stretch at ${f.at}`,
  }),
  talking_head_no_cut: (f) => ({
    title: ['Try a cut-in during your talk', 'Long uncut talking shot', 'One framing for too long'],
    why: [
      `Your speaking keeps things going; a change of framing somewhere in the ${f.len} s from ${f.at} would add variety.`,
      `The same framing runs for ${f.len} s from ${f.at}; speech carries it, but a visual change helps.`,
      `${f.len} s of the same shot from ${f.at}. Your words are doing all the work.`,
    ],
    fix: 'Add a punch-in (zoom to ~115 %), a B-roll insert or a text pop-up every 5-10 s.',
    short: `Add punch-ins or B-roll during the ${f.len} s shot at ${f.at}`,
  }),
  single_take: (f) => ({
    title: ['Add a few visual changes to your take', 'One long take', 'One shot, no change: viewers drift'],
    why: [
      `Your ${f.len} s take from ${f.at} stays on one shot; a change of view every ${f.every} s or so would keep eyes on it.`,
      `${f.len} s in one shot from ${f.at}; viewers on this platform expect a visual change about every ${f.every} s.`,
      `${f.len} s of the same shot from ${f.at}. Nothing new to look at, so thumbs move on.`,
    ],
    fix: `Add a visual change (a cut-in or punch-in zoom, B-roll, or on-screen text) about every ${f.every} s, at ${f.pauses}: around ${f.moments}.`,
    short: `Add a cut-in, zoom or B-roll around ${f.moments}`,
  }),
  pacing_lull: (f) => ({
    title: ['Keep your rhythm going here', 'Pacing lull', 'Pacing collapses here'],
    why: [
      `Most of your shots are around ${f.median} s, but the one at ${f.at} runs ${f.len} s; matching your own rhythm keeps viewers with you.`,
      `${withArticle(f.len).replace(/^a/, 'A')} s shot at ${f.at} against a median shot of ${f.median} s: the pace drops.`,
      `Your video runs on ${f.median} s shots, then sits on one shot for ${f.len} s at ${f.at}. Viewers feel the stall.`,
    ],
    fix: `Split the shot at ${f.at} into 2-3 pieces (cut-ins, B-roll, a different angle) or trim it.`,
    short: `Split the ${f.len} s shot at ${f.at}`,
  }),
  low_energy: (f) => ({
    title: ['Lift the energy here', 'Energy dip', 'Energy drops off a cliff'],
    why: [
      `Around ${f.at} the sound gets much quieter for ${f.len} s; lifting it will keep attention.`,
      `${f.len} s from ${f.at} are far quieter than the rest of the video.`,
      `${f.len} s of near-silence energy at ${f.at}. It sounds like the video ended.`,
    ],
    fix: `Raise the level or add music under the ${f.len} s at ${f.at}, or tighten it.`,
    short: `Lift the audio energy at ${f.at}`,
  }),
  loudness_quiet: (f) => ({
    title: ['Turn your audio up a little', 'Audio too quiet', 'Your audio is too quiet'],
    why: [
      `Your mix sits ${f.below} LU below what ${f.platform} plays at; raising it will make you sound as present as other videos.`,
      `The mix is ${f.below} LU under the ${f.target} LUFS ${f.platform} plays at, so it sounds quieter than the videos around it.`,
      `${f.below} LU too quiet. Next to every other video in the feed you sound weak, and the platform will not fix it for you.`,
    ],
    fix: `Raise the mix by about ${f.below} dB to ${f.target} LUFS integrated (a loudness-normalise or limiter step at export), keeping peaks under -1 dBTP.`,
    short: `Raise the audio ${f.below} dB (to ${f.target} LUFS)`,
  }),
  loudness_loud: (f) => ({
    title: ['Your audio can come down a touch', 'Audio louder than needed', 'Over-loud mix'],
    why: [
      `Your mix is louder than ${f.platform} plays; it will be turned down anyway, so a little headroom keeps it clean.`,
      `At ${f.lufs} LUFS the mix is above the ${f.target} LUFS ${f.platform} normalises to, so it is turned down and loses punch.`,
      `${f.lufs} LUFS: the platform will turn you down and your squashed mix will sound flat.`,
    ],
    fix: `Master to about ${f.target} LUFS with peaks under -1 dBTP.`,
    short: `Master to ${f.target} LUFS`,
  }),
  clipping: (f) => ({
    title: ['Give your audio some headroom', 'Audio clipping risk', 'Your audio clips'],
    why: [
      `Peaks reach ${f.tp} dBTP; a limiter will keep it sounding clean after upload.`,
      `True peak ${f.tp} dBTP is above -1 dBTP, so it can distort after the platform re-encodes it.`,
      `Peaks at ${f.tp} dBTP. It will crackle after upload.`,
    ],
    fix: 'Put a true-peak limiter at -1 dBTP on the master, or lower the gain of the loudest parts.',
    short: 'Limit peaks to -1 dBTP',
  }),
  too_dark: (f) => ({
    title: ['Brighten your picture', 'Video too dark', 'Too dark to watch'],
    why: [
      `The picture is on the dark side (median ${f.y} of 255); a bit more light will make it pop on phones.`,
      `Median brightness is ${f.y} of 255, darker than well-exposed video; small phone screens lose detail.`,
      `Median brightness ${f.y} of 255. On a phone in daylight this is a dark rectangle.`,
    ],
    fix: 'Add light on the subject when filming, or raise exposure/shadows in the edit (aim for a median around 100-130).',
    short: 'Raise exposure and light the subject',
  }),
  washed_out: (f) => ({
    title: ['Add a little contrast', 'Washed-out picture', 'Flat, washed-out picture'],
    why: [
      'The picture looks a little washed out; some contrast and colour will help it stand out.',
      `Bright (median ${f.y}) but low contrast (${f.c}): the picture looks washed out.`,
      `Low contrast (${f.c}) and washed-out colour. It looks cheap next to the rest of the feed.`,
    ],
    fix: 'Add contrast and saturation in the edit, or apply a colour preset; avoid overexposed backgrounds.',
    short: 'Add contrast and colour',
  }),
  no_audio: (f) => ({
    title: ['Add sound to your video', 'No audio track', 'No sound at all'],
    why: [
      `Your video has no sound; adding music or voice-over gives ${f.platform} viewers more reason to stay.`,
      `The file has no audio track, so viewers hear nothing. Most ${f.platform} viewers watch with sound on, and trending audio helps distribution.`,
      `No audio track: viewers hear nothing. Silent videos get scrolled and miss out on sound-based discovery.`,
    ],
    fix: 'Add voice-over, music or trending audio before posting.',
    short: 'Add voice-over or music: the video has no sound',
  }),
  silent_audio: (f) => ({
    title: ['Your audio track is silent', 'Silent audio track', 'Silent video'],
    why: [
      `The audio track is silent, so viewers will hear nothing; adding music or voice-over gives ${f.platform} viewers more reason to stay.`,
      `The audio track is silent: it carries digital silence, so viewers hear nothing. Most ${f.platform} viewers watch with sound on.`,
      'The audio track is pure digital silence. Viewers hear nothing, and silent videos get scrolled.',
    ],
    fix: 'The audio track is silent: add sound (voice-over, music or trending audio) or remove the track. If there should be sound, check the export first (a muted or disconnected track is common).',
    short: 'Add sound or remove the silent audio track',
  }),
  platform_length: (f) => ({
    title: [`Trim to fit ${f.platform}`, `Too long for ${f.platform}`, `Too long for ${f.platform}`],
    why: [
      `At ${f.len} the video is over ${f.platform}'s ${f.max} limit; a tighter cut will fit and likely hold viewers better.`,
      `The video is ${f.len}; ${f.platform} accepts up to ${f.max}.`,
      `${f.len} long. ${f.platform} takes ${f.max}. As it stands it cannot be posted there as intended.`,
    ],
    fix: `Cut it to under ${f.max}, or post the full version as a regular video and a cut-down to ${f.platform}.`,
    short: `Cut it to under ${f.max}`,
  }),
  platform_aspect: (f) => ({
    title: [`Reframe for ${f.platform}`, `Wrong shape for ${f.platform}`, `Wrong shape for ${f.platform}`],
    why: [
      `${f.platform} works best with vertical or square video; reframing your ${f.size} video will let it show as intended.`,
      `${f.size} is wider than square; ${f.platform} expects vertical or square video.`,
      `${f.size} landscape on ${f.platform}: it will not be treated as a Short.`,
    ],
    fix: 'Reframe to 9:16 (1080x1920) in the edit, keeping the subject centred.',
    short: 'Reframe to 9:16 vertical',
  }),
  platform_orientation: (f) => ({
    title: ['Consider a vertical version', 'Horizontal video in a vertical feed', 'Landscape in a vertical feed'],
    why: [
      `${f.platform} shows vertical video full screen; a 9:16 version of your ${f.size} video will feel more native.`,
      `${f.size} is horizontal; on ${f.platform} it shows small, with bars.`,
      `${f.size} landscape on ${f.platform} uses a third of the screen.`,
    ],
    fix: 'Reframe to 9:16 or add a vertical layout (subject top, captions below).',
    short: 'Make a 9:16 version',
  }),
  long_tail: (f) => ({
    title: ['End on your last line', 'Long ending after the last words', 'The ending drags'],
    why: [
      `After your last words at ${f.at} the video runs another ${f.len} s; ending sooner leaves viewers on a high note.`,
      `${f.len} s after the last words at ${f.at}; viewers leave before the end, which hurts completion rate.`,
      `${f.len} s of nothing after you stop talking at ${f.at}. You are throwing away your completion rate.`,
    ],
    fix: `End within a second of your last line, or put your call to action (follow, comment, part 2) in those ${f.len} s.`,
    short: `Trim the ${f.len} s after your last line or add a CTA`,
  }),
  audio_dropout: (f) => ({
    title: ['Keep the sound going to the end', 'Audio drops out', 'Your sound dies half way'],
    why: [
      `The sound stops at ${f.at} and the last ${f.len} s are silent; carrying the audio to the end keeps viewers with you.`,
      `The audio stops at ${f.at} and never comes back: the last ${f.len} s (${f.share} of the video) play in silence.`,
      `At ${f.at} the sound just dies and ${f.share} of the video plays in silence. It sounds broken.`,
    ],
    fix: `Check the audio in the edit at ${f.at}: extend the music or voice-over to the end, or end the video where the sound stops.`,
    short: `Fix the audio that stops at ${f.at}`,
  }),
  black_gap: (f) => ({
    title: ['Fill the black gaps', 'Black screen between scenes', 'Black holes in your edit'],
    why: [
      `The picture goes black (${f.total} s in all, from ${f.at}); filling those gaps keeps the video flowing.`,
      `${f.total} s of black screen after the opening (at ${f.times}): viewers see nothing and scroll on.`,
      `${f.total} s of black at ${f.times}. On a feed a black screen looks like the video is over.`,
    ],
    fix: f.tail === 'yes'
      ? `Remove the black gaps at ${f.times} (close them up or cross-fade the scenes) and end on your last picture, not on black.`
      : `Remove the black gaps at ${f.times}: close them up, or cross-fade the scenes.`,
    short: `Remove the ${f.total} s of black at ${f.times}`,
  }),
  low_picture_rate: (f) => ({
    title: ['Smooth out the picture', 'Choppy picture', 'Your video stutters'],
    why: [
      `The picture only changes about ${f.per} times a second, so movement looks choppy; a full-rate export will play smoothly.`,
      `The file says ${f.fps} fps but shows only about ${f.per} new pictures a second: movement stutters.`,
      `About ${f.per} pictures a second in a ${f.fps} fps file. It looks like a slideshow.`,
    ],
    fix: 'Export again from the original footage at its own frame rate (check the sequence and export settings, and any frame-rate conversion or screen-recording step).',
    short: `Re-export at full frame rate (now about ${f.per} pictures/s)`,
  }),
  missing_cta: (f) => ({
    title: ['Invite viewers to take the next step', 'No call to action', 'No call to action'],
    why: [
      'Your ending does not ask viewers to do anything yet; a short invitation can grow your following.',
      `The ending never asks viewers to follow, comment or watch more (last words: "${f.quote}").`,
      `You never ask for anything. Viewers who liked it just leave (last words: "${f.quote}").`,
    ],
    fix: 'Add one clear ask near the end: follow for part 2, comment an answer, or watch the next video.',
    short: 'Add a clear ask at the end',
  }),
  safe_zone_text: (f) => ({
    title: ['Move your text clear of the buttons', 'Text under the interface', 'Your text is hidden by the app'],
    why: [
      `${cap(f.text)} sits in ${f.where} of the frame, where ${f.platform} shows its name, caption and buttons; moving it will let everyone read it.`,
      `${cap(f.text)} sits in ${f.where} of the frame, which ${f.platforms} interface covers.`,
      `Nobody on ${f.platform} can read ${f.text}: it sits in ${f.where}, under the app's own text and buttons.`,
    ],
    fix: `Move text and captions into the safe centre of the frame (clear of ${f.where}) and check the export with a ${f.platform} safe-zone overlay.`,
    short: 'Move the text into the safe centre',
  }),
  safe_zone_face: (f) => ({
    title: ['Frame your face clear of the buttons', 'Face under the interface', 'The app covers your face'],
    why: [
      `Your face sits in ${f.where} of the frame, where ${f.platform} draws its interface; reframing will keep it in view.`,
      `A face sits in ${f.where} of the frame, which ${f.platforms} interface covers.`,
      `${f.platforms} buttons and caption sit on your face (${f.where} of the frame).`,
    ],
    fix: 'Reframe (or crop and reposition) so faces sit in the middle of the frame, above the bottom caption area.',
    short: 'Reframe so the face sits mid-frame',
  }),
  no_captions: (f) =>
    Number(f.shown) > 0
      ? {
          // Some caption text was read: the finding is about the rest of the talk, never "no captions".
          title: ['Caption the rest of your talk', 'Captions on only part of the speech', 'Most of your talk has no captions'],
          why: [
            `Captions show on only ${f.shown} of the ${f.read} moments checked while you speak; captioning all of it lets sound-off ${f.platform} viewers follow along.`,
            `Captions show on only ${f.shown} of ${f.read} frames read while someone speaks (${f.speech} of the video); sound-off viewers miss the rest.`,
            `${f.speech} of this video is talk and captions cover ${f.shown} of the ${f.read} moments checked. Sound-off viewers miss the rest and scroll.`,
          ],
          fix: `Caption every spoken line (the editor's auto-captions, then correct them), large, high-contrast, inside ${f.platforms} safe zone.`,
          short: 'Caption all of the speech',
        }
      : {
          title: ['Add captions for viewers without sound', 'No captions on a speech-led video', 'No captions: sound-off viewers scroll past'],
          why: [
            `Someone speaks for ${f.speech} of the video; many ${f.platform} viewers start with the sound off, and captions let them follow along.`,
            `Someone speaks for ${f.speech} of the video, but the words are not on screen; viewers watching without sound cannot follow.`,
            `${f.speech} of this video is talk and none of it is on screen. Sound-off viewers get nothing and scroll.`,
          ],
          fix: `Burn in captions (the editor's auto-captions, then correct them), large, high-contrast, inside ${f.platforms} safe zone.`,
          short: 'Burn in captions',
        },
  filler_words: (f) => ({
    title: ['Fewer filler words will make you sound sharper', 'Many filler words', 'Too many filler words'],
    why: [
      `Filler words (${f.which}) come up ${f.perMin} times a minute; trimming them makes your delivery feel confident.`,
      `${f.count} filler words (${f.which}), ${f.per100} per 100 words: the video sounds less prepared and slower than it is.`,
      `${f.count} filler words (${f.which}). Every "um" is a moment a viewer can decide to scroll.`,
    ],
    fix: `Cut the filled pauses (${f.which}) in your editor, or re-record the lines that have several; a jump cut over each is fine on short-form.`,
    short: 'Cut the filler words (um, uh)',
  }),
};

type PluralTpl = (f: Record<string, string | number>) => { why: [string, string, string]; fix: string; short: string };

/**
 * Wording of a finding that merges several moments of one rule (consistency.ts mergeRepeats; facts n, times, lens,
 * total): one card that names every moment instead of the same card several times. The title is the singular's.
 */
const PLURAL: Partial<Record<IssueCode, PluralTpl>> = {
  dead_segment: (f) => ({
    why: [
      `In ${f.n} places (${f.times}) there is no sound and no movement, ${f.total} s in all; trimming them will keep your momentum.`,
      `${f.n} stretches of silence over a still picture (${f.lens} at ${f.times}), where the predicted drop-offs peak.`,
      `${f.total} s of nothing in ${f.n} places (${f.times}): no sound, no movement. This is where your viewers walk away.`,
    ],
    fix: `Cut the still, silent stretches at ${f.times}, or cover each with B-roll, music or a line of voice-over.`,
    short: `Cut or cover the ${f.n} still, silent stretches (${f.times})`,
  }),
  dead_air: (f) => ({
    why: [
      `There are ${f.n} pauses (${f.lens} at ${f.times}); quick trims will keep the energy up.`,
      `${f.n} silences with nobody speaking and no music: ${f.lens} at ${f.times}.`,
      `${f.total} s of silence in ${f.n} places (${f.times}). Viewers hear nothing and leave.`,
    ],
    fix: `Cut each pause (at ${f.times}) down to under half a second, or add music or a sound effect under them.`,
    short: `Cut the ${f.n} pauses at ${f.times}`,
  }),
  static_stretch: (f) => ({
    why: [
      `The picture stays still in ${f.n} places (${f.lens} at ${f.times}); a cut or zoom would keep it fresh.`,
      `${f.n} stretches without a cut or visible movement: ${f.lens} at ${f.times}.`,
      `${f.total} s of a still picture in ${f.n} places (${f.times}). A feed is full of moving videos; this looks frozen.`,
    ],
    fix: `Add a cut, punch-in zoom, B-roll or on-screen text within every 2-3 s of the still stretches at ${f.times}.`,
    short: `Add a cut or zoom in the still stretches at ${f.times}`,
  }),
  talking_head_no_cut: (f) => ({
    why: [
      `Your speaking keeps things going; a change of framing in the long shots at ${f.times} would add variety.`,
      `The same framing runs ${f.lens} at ${f.times}; speech carries it, but a visual change helps.`,
      `${f.total} s of the same shot in ${f.n} long takes (${f.times}). Your words are doing all the work.`,
    ],
    fix: 'Add a punch-in (zoom to ~115 %), a B-roll insert or a text pop-up every 5-10 s.',
    short: `Add punch-ins or B-roll during the long shots at ${f.times}`,
  }),
  single_take: (f) => ({
    why: [
      `Your takes at ${f.times} (${f.lens}) each stay on one shot; a change of view every ${f.every} s or so would keep eyes on them.`,
      `${f.n} long shots (${f.lens} at ${f.times}); viewers on this platform expect a visual change about every ${f.every} s.`,
      `${f.total} s in ${f.n} unchanging shots (${f.times}). Nothing new to look at, so thumbs move on.`,
    ],
    fix: `Add a visual change (a cut-in or punch-in zoom, B-roll, or on-screen text) about every ${f.every} s, at ${f.pauses}: around ${f.moments}.`,
    short: `Add a cut-in, zoom or B-roll around ${f.moments}`,
  }),
  pacing_lull: (f) => ({
    why: [
      `Most of your shots are around ${f.median} s, but ${f.n} run long (${f.lens} at ${f.times}); matching your own rhythm keeps viewers with you.`,
      `${f.n} long shots (${f.lens} at ${f.times}) against a median shot of ${f.median} s: the pace drops.`,
      `Your video runs on ${f.median} s shots, then sits on one shot ${f.n} times (${f.lens} at ${f.times}). Viewers feel the stall.`,
    ],
    fix: `Split the long shots at ${f.times} into 2-3 pieces each (cut-ins, B-roll, a different angle) or trim them.`,
    short: `Split the long shots at ${f.times}`,
  }),
  low_energy: (f) => ({
    why: [
      `In ${f.n} places (${f.times}) the sound gets much quieter; lifting it will keep attention.`,
      `${f.n} stretches far quieter than the rest of the video: ${f.lens} at ${f.times}.`,
      `${f.total} s of near-silence energy in ${f.n} places (${f.times}). It sounds like the video ended.`,
    ],
    fix: `Raise the level or add music under the quiet stretches at ${f.times}, or tighten them.`,
    short: `Lift the audio energy at ${f.times}`,
  }),
};

const IDX: Record<FeedbackStyle, 0 | 1 | 2> = { gentle: 0, balanced: 1, brutal: 2 };

/** The template's wording, in its plural form for a merged finding (the singular plus every moment where none is written). */
function template(c: Candidate) {
  const one = T[c.code](c.facts, c.evidence);
  if (!c.occurrences || c.occurrences.length < 2) return one;
  const many = PLURAL[c.code];
  if (many) return { ...one, ...many(c.facts) };
  const also = ` It happens ${c.occurrences.length} times: at ${c.facts.times}.`;
  return { ...one, why: one.why.map((w) => w + also) as [string, string, string] };
}

export function wordsFor(c: Candidate, style: FeedbackStyle): Words {
  const t = template(c);
  const i = IDX[style];
  const fix = style === 'gentle' ? `Try this: ${lowerFirst(t.fix)}` : style === 'brutal' ? t.fix : t.fix;
  return {
    title: t.title[i],
    description: `${t.why[i]} (Measured: ${c.evidence}.)`,
    fix,
    short: t.short,
  };
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
/** Sentence case for a value that may open a sentence ("the text at 0:03" → "The text at 0:03"). */
const cap = (v: string | number) => String(v).charAt(0).toUpperCase() + String(v).slice(1);
