/**
 * The sound stops part way through and never comes back: the rest of the video plays in digital silence (a music bed
 * that ends early, a voice-over track cut short in the edit). One finding for the cause, replacing the long tail or
 * dead air the same stretch would otherwise be reported as.
 */
import { C } from '../model/constants';
import { mss } from '../time';
import { graded, pct, sourcesIn, type Rule } from './rule';

export const audioDropout: Rule = {
  name: 'audio drop-out',
  run({ m, D, signals, model }) {
    const drop = silentEnding(m, D);
    if (!signals.audible || !drop) return { add: [] };
    const len = D - drop.start_s;
    const share = len / D;
    const g = graded(share, { from: { medium: C.AUDIO_DROPOUT_MIN_SHARE, high: C.AUDIO_DROPOUT_HIGH_SHARE }, halfBeyond: C.AUDIO_DROPOUT_HIGH_SHARE });
    if (!g) return { add: [] };
    const seg = { start_s: drop.start_s, end_s: D };
    return {
      add: [{
        code: 'audio_dropout', category: 'retention', problemType: 'audio', time_s: drop.start_s, end_s: D, ...g,
        evidence: `the sound stops at ${mss(drop.start_s)} and the last ${len.toFixed(1)} s (${pct(share)} of the video) play in digital silence`,
        facts: { at: mss(drop.start_s), len: len.toFixed(1), share: pct(share) },
        sources: sourcesIn(model, ['dead_air', 'static', 'low_energy'], seg),
        presumes: ['sound'], claims: [{ says: 'no_speech', start_s: drop.start_s, end_s: D }],
      }],
      // One cause, one finding: the same silent ending is not also a long tail or dead air.
      replaces: (c) => ['long_tail', 'dead_air', 'dead_segment'].includes(c.code) && c.time_s >= drop.start_s - 0.5 && (c.end_s ?? c.time_s) >= D - 0.5,
    };
  },
};

/**
 * The silence the video ends on, when it is digital silence (the 100 ms envelope at its floor) after sound, at least
 * AUDIO_DROPOUT_MIN_S long; null otherwise. Room tone after the last words is a dead ending (./long-tail.ts), not this.
 */
export function silentEnding(m: { silences: Array<{ start_s: number; end_s: number }>; fingerprint?: { audio_db?: number[]; audio_rate_hz?: number } | null }, D: number): { start_s: number } | null {
  const last = m.silences.at(-1);
  if (!last || last.end_s < D - 0.15 || last.start_s < 0.5 || D - last.start_s < C.AUDIO_DROPOUT_MIN_S) return null;
  const env = m.fingerprint?.audio_db ?? [];
  const rate = m.fingerprint?.audio_rate_hz || 10;
  const blocks = env.slice(Math.ceil(last.start_s * rate) + 1, Math.floor(D * rate));
  if (!blocks.length) return null;
  const zero = blocks.filter((v) => v <= C.DIGITAL_SILENCE_BLOCK_DBFS).length / blocks.length;
  return zero >= 0.9 ? { start_s: last.start_s } : null;
}
