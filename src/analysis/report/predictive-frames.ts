/**
 * Report step: the frame viewer's frames — each chosen issue's frame, then each predicted drop-off's, then every other
 * stored frame as a baseline — with the predicted share of viewers gone by then.
 */
import type { DropOff, PredictiveFrame } from '@preflight/shared';
import type { ModelResult } from '../model/retention';
import { survivalAt } from '../model/scores';
import type { Candidate } from '../rules/candidates';
import { mss } from '../time';
import { nearestFrame, round2, type FrameRef } from './frame-ref';
import type { Wording } from './issue-lists';

function problemSeverity(c: Candidate): PredictiveFrame['problem_severity'] {
  if (c.severity === 'critical') return 'breakthrough_killer';
  if (c.severity === 'high') return c.category === 'algorithm' ? 'scale_blocker' : 'retention_killer';
  if (c.severity === 'medium') return c.problemType === 'pacing' || c.problemType === 'visual' ? 'editing_gap' : 'viral_gap';
  return 'optimization';
}

export function predictiveFrames(chosen: Candidate[], drops: DropOff[], frames: FrameRef[], model: ModelResult, words: Wording): PredictiveFrame[] {
  const pf = new Map<string, PredictiveFrame>();
  const dropAt = (t: number) => Math.round(100 * (1 - survivalAt(model, t)) * 10) / 10;
  for (const c of chosen) {
    const path = nearestFrame(frames, c.time_s);
    if (!path || pf.has(path)) continue;
    const w = words(c);
    pf.set(path, {
      timestamp_string: mss(c.time_s), timestamp_seconds: round2(c.time_s), frame_image_path: path, frame_type: 'problem_exact',
      problem_type: c.problemType, problem_severity: problemSeverity(c), drop_off_rate: dropAt(c.time_s), fix_suggestion: w.fix,
      title: w.title, issue_id: c.id,
    });
  }
  for (const d of drops) {
    const path = nearestFrame(frames, d.time_s);
    if (!path || pf.has(path)) continue;
    pf.set(path, {
      timestamp_string: mss(d.time_s), timestamp_seconds: d.time_s, frame_image_path: path, frame_type: 'penalty_zone',
      problem_type: d.cause_code === 'hook' ? 'retention_cliff' : d.cause_code.includes('dead_air') ? 'audio' : d.cause_code.includes('lull') ? 'pacing' : 'visual',
      problem_severity: d.predicted_loss >= 10 ? 'retention_killer' : d.predicted_loss >= 3 ? 'viral_gap' : 'optimization',
      drop_off_rate: dropAt(d.time_s), fix_suggestion: `Predicted drop-off: ${d.cause}. Tighten or cover this moment.`, title: 'Predicted drop-off',
    });
  }
  for (const f of frames) {
    if (pf.has(f.path)) continue;
    pf.set(f.path, {
      timestamp_string: mss(f.time_s), timestamp_seconds: f.time_s, frame_image_path: f.path, frame_type: 'baseline',
      problem_type: 'none', problem_severity: 'none', drop_off_rate: dropAt(f.time_s), fix_suggestion: '',
    });
  }
  return [...pf.values()].sort((a, b) => a.timestamp_seconds - b.timestamp_seconds);
}
