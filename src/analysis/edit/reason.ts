/** The reason a creator reads for each cut: "0:17–0:40 dead air: 23 s with no speech and a static picture". */
import type { EditCutKind, Metrics } from '@preflight/shared';
import { coverage } from '../model/signals';
import { mss } from '../time';
import type { Range } from './ranges';

const len = (v: number) => (v >= 10 ? `${Math.round(v)} s` : `${v.toFixed(1)} s`);

export function describeCut(m: Metrics, cut: Range, kind: EditCutKind, still: Range[]): string {
  const d = cut.end_s - cut.start_s;
  // Whole seconds name a long stretch ("0:17–0:40"); a short one needs tenths to be told apart ("0:03.1–0:03.3").
  const at = (t: number) => (d >= 2 ? mss(t) : `${mss(t)}.${Math.floor((t % 1) * 10 + 1e-6)}`);
  const span = `${at(cut.start_s)}–${at(cut.end_s)}`;
  const isStill = coverage(still, cut.start_s, cut.end_s) >= 0.8 * d;
  const picture = isStill ? ' and a static picture' : '';
  switch (kind) {
    case 'slow_start':
      return m.first_speech_s !== null
        ? `${span} slow start: ${len(d)} before the first words (at ${m.first_speech_s.toFixed(1)} s)${isStill ? ' over a still picture' : ''}`
        : `${span} slow start: ${len(d)} of still picture before anything changes`;
    case 'dead_ending':
      return m.last_speech_end_s !== null
        ? `${span} dead ending: ${len(d)} after the last words${isStill ? ' over a still picture' : ''}`
        : `${span} dead ending: ${len(d)} of silence and still picture after the last change`;
    case 'dead_air':
      return `${span} dead air: ${len(d)} with no speech${picture}`;
    case 'pause':
      return `${span} pause: ${len(d)} of silence between sentences`;
    case 'manual':
      return `${span} removed by you: ${len(d)}${coverage(m.speech_segments, cut.start_s, cut.end_s) > 0 ? '' : ' with no speech'}${picture}`;
  }
}
