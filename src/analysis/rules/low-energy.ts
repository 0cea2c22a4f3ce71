/** Stretches far quieter than the video's own level with nobody speaking (signals.lowEnergy). */
import { mss } from '../time';
import { C } from '../model/constants';
import { f1, graded, r0, sourcesIn, type Rule } from './rule';

export const lowEnergy: Rule = {
  name: 'low energy',
  run({ m, signals, model }) {
    const med = signals.activeLoudness;
    return signals.lowEnergy.map((s) => {
      const lvl = m.loudness.track.slice(Math.floor(s.start_s), Math.ceil(s.end_s));
      const mean = lvl.reduce((a, v) => a + v, 0) / Math.max(1, lvl.length);
      return {
        code: 'low_energy', category: 'engagement', problemType: 'audio', time_s: s.start_s, end_s: s.end_s,
        // Sized by its length (a stretch cut short by the end of the video can be under LOW_ENERGY_MIN_S).
        ...graded(s.end_s - s.start_s, { from: { low: 0 }, halfBeyond: C.LOW_ENERGY_MIN_S * 2 })!,
        presumes: ['sound'],
        evidence: `${f1(s.end_s - s.start_s)} s at about ${r0(mean)} LUFS from ${mss(s.start_s)}, against ${r0(med ?? 0)} LUFS for the rest of the video`,
        facts: { len: f1(s.end_s - s.start_s), at: mss(s.start_s) }, sources: sourcesIn(model, ['low_energy'], s),
      };
    });
  },
};
