/** Length and shape against the platform: too long to post, too wide, or horizontal where vertical fills the screen. */
import { mss } from '../time';
import { fixedGrade, graded, type Finding, type Rule } from './rule';

export const platformFit: Rule = {
  name: 'platform fit',
  run({ m, D, preset }) {
    const out: Finding[] = [];
    if (preset.maxDurationS !== null && D > preset.maxDurationS + 0.5) {
      out.push({
        code: 'platform_length', category: 'algorithm', problemType: 'content', time_s: preset.maxDurationS,
        // Sized by how far over: a quarter of the limit over counts halfway to as bad as it gets.
        ...graded(D - preset.maxDurationS, { from: { critical: 0 }, halfBeyond: preset.maxDurationS / 4 })!,
        evidence: `${mss(D)} long; ${preset.label} allows up to ${mss(preset.maxDurationS)}`, facts: { len: mss(D), max: mss(preset.maxDurationS), platform: preset.label },
      });
    }
    const aspect = m.aspect_ratio;
    if (preset.maxAspect !== null && aspect > preset.maxAspect + 0.01) {
      out.push({
        code: 'platform_aspect', category: 'algorithm', problemType: 'visual', time_s: 0, ...fixedGrade('critical'),
        evidence: `${m.width}x${m.height} (${aspectName(m.width, m.height)}) is wider than square; ${preset.label} needs vertical or square video`,
        facts: { size: `${m.width}x${m.height}`, platform: preset.label },
      });
    } else if (preset.prefersVertical && aspect > 1.01) {
      out.push({
        code: 'platform_orientation', category: 'algorithm', problemType: 'visual', time_s: 0, ...fixedGrade('low'),
        evidence: `${m.width}x${m.height} is horizontal; ${preset.label} fills the screen with 9:16 vertical video`,
        facts: { size: `${m.width}x${m.height}`, platform: preset.label },
      });
    }
    return out;
  },
};

/** The common name of a frame shape (16:9, 9:16, 1:1, 4:3), or its width-to-height ratio. */
export function aspectName(w: number, h: number): string {
  const r = w / Math.max(1, h);
  if (Math.abs(r - 16 / 9) < 0.03) return '16:9';
  if (Math.abs(r - 4 / 3) < 0.03) return '4:3';
  if (Math.abs(r - 1) < 0.03) return '1:1';
  if (Math.abs(r - 9 / 16) < 0.03) return '9:16';
  return `${r.toFixed(2)}:1`;
}
