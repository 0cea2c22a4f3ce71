/**
 * Safe zones: on-screen text and faces that the platform's interface (name, caption, buttons) covers in a
 * full-screen vertical video, from the text and faces read on the sampled frames. Each finding points at the first
 * frame that shows it.
 */
import { C, type SafeZone } from '../model/constants';
import { mss } from '../time';
import { coveredItems, type ZoneSide } from '../vision/reading';
import { pct, possessive, type Finding, type Rule } from './rule';


/** "the bottom 35 %", "the right 16 %": the band as the creator would measure it. */
export function sideName(zone: SafeZone, side: ZoneSide): string {
  return `the ${side} ${pct(zone[side])}`;
}

/** Quoted OCR text, kept short. */
export const quote = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);

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
      const first = text.reduce((best, c) => (c.item.confidence > best.item.confidence ? c : best));
      const n = seenOn(text.map((c) => c.item.time_s));
      out.push({
        code: 'safe_zone_text', category: 'engagement', problemType: 'visual', severity: 'medium', time_s: first.item.time_s,
        evidence: `"${quote(first.item.text)}" at ${mss(first.item.time_s)} sits in ${sideName(zone, first.side)} of the frame, which ${possessive(preset.label)} interface covers (text there on ${n} of ${frames.length} frames read)`,
        facts: { quote: quote(first.item.text), where: sideName(zone, first.side), platform: preset.label, platforms: possessive(preset.label) },
      });
    }
    if (faces.length) {
      const first = faces[0];
      const n = seenOn(faces.map((c) => c.item.time_s));
      // A face under the buttons on most frames is the whole video; on one frame it is a moment.
      out.push({
        code: 'safe_zone_face', category: 'engagement', problemType: 'visual', severity: n * 2 >= frames.length ? 'medium' : 'low', time_s: first.item.time_s,
        evidence: `a face at ${mss(first.item.time_s)} sits mostly in ${sideName(zone, first.side)} of the frame, which ${possessive(preset.label)} interface covers (on ${n} of ${frames.length} frames read)`,
        facts: { where: sideName(zone, first.side), platform: preset.label, platforms: possessive(preset.label) },
      });
    }
    return out;
  },
};
