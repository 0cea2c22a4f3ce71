/**
 * Safe zones: on-screen text and faces that the platform's interface (name, caption, buttons) covers in a
 * full-screen vertical video, from the one reading of the text (vision/reading.ts) and the faces found on the sampled
 * frames. Each finding points at the frame that shows it; text is quoted only when it was read well enough.
 */
import { C, type SafeZone } from '../model/constants';
import { mss } from '../time';
import { bestLine, coveredItems, nameOf, type ZoneSide } from '../vision/reading';
import { fixedGrade, pct, possessive, type Finding, type Rule } from './rule';

/** "the bottom 35 %", "the right 16 %": the band as the creator would measure it. */
export function sideName(zone: SafeZone, side: ZoneSide): string {
  return `the ${side} ${pct(zone[side])}`;
}

export const safeZone: Rule = {
  name: 'safe zone',
  run({ m, preset }) {
    const zone = preset.safeZone;
    const frames = m.vision_frames_s;
    if (!zone || !frames?.length || m.aspect_ratio > C.SAFE_ZONE_MAX_ASPECT) return [];
    const { text, faces } = coveredItems(m, zone);
    const out: Finding[] = [];
    const seenOn = (times: number[]) => new Set(times).size;
    if (text.length) {
      // The line read best names it (OCR garbles some frames); its frame is the one shown.
      const best = bestLine(text.map((c) => c.item))!;
      const first = text.find((c) => c.item === best)!;
      const n = seenOn(text.map((c) => c.item.time_s));
      const what = nameOf(best, mss(best.time_s));
      out.push({
        code: 'safe_zone_text', category: 'engagement', problemType: 'visual', time_s: best.time_s,
        // Sized by how much of the video shows text there.
        ...fixedGrade('medium', n / frames.length),
        evidence: `${best.quotable ? `${what} at ${mss(best.time_s)}` : what} sits in ${sideName(zone, first.side)} of the frame, which ${possessive(preset.label)} interface covers (text there on ${n} of ${frames.length} frames read)`,
        facts: { text: what, quoted: best.quotable ? 1 : 0, where: sideName(zone, first.side), platform: preset.label, platforms: possessive(preset.label) },
      });
    }
    if (faces.length) {
      const first = faces[0];
      const n = seenOn(faces.map((c) => c.item.time_s));
      const share = n / frames.length;
      // A face under the buttons on most frames is the whole video; on one frame it is a moment.
      out.push({
        code: 'safe_zone_face', category: 'engagement', problemType: 'visual', time_s: first.item.time_s,
        ...(share >= 0.5 ? fixedGrade('medium', (share - 0.5) * 2) : fixedGrade('low', share * 2)),
        evidence: `a face at ${mss(first.item.time_s)} sits mostly in ${sideName(zone, first.side)} of the frame, which ${possessive(preset.label)} interface covers (on ${n} of ${frames.length} frames read)`,
        facts: { where: sideName(zone, first.side), platform: preset.label, platforms: possessive(preset.label) },
      });
    }
    return out;
  },
};
