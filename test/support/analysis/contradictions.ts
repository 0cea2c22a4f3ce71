/**
 * A test oracle for issue 27 item 5: what a finished report must never say, read from the report alone (its words
 * and its metrics), independently of how the engine decided. Used by the unit test over random signals and by the
 * integration tests over generated and real videos. Returns one line per contradiction found (empty = consistent).
 */
import type { Report } from '@preflight/shared';
import { readsAsWords } from '../../../src/analysis/vision/plausible';

type Issue = { id: string; title: string; text: string };

function issuesOf(r: Report): Issue[] {
  const out: Issue[] = [];
  for (const d of r.detailed_analysis) out.push({ id: d.id, title: d.title, text: `${d.title} ${d.problem_description} ${d.actionable_recommendation_short} ${d.evidence}` });
  for (const a of r.viral_hook.action_items) out.push({ id: a.id, title: a.problem.split(':')[0], text: `${a.problem} ${a.quick_suggestion} ${a.evidence}` });
  for (const f of r.prevention_analytics.prevention_fixes) out.push({ id: f.id, title: f.title, text: `${f.title} ${f.description} ${f.fix} ${f.evidence}` });
  return out;
}

const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] : NaN);

/** Words that take speech for granted (a line, words, phrases that exist). */
const PRESUMES_SPEECH = /first line|first words at|your last line|after the last words|pauses between your phrases|your talk|opens with "|filler words|call to action \(|no captions|captions on only/i;
/** Words that take a sound track with something on it for granted. */
const PRESUMES_SOUND = /raise the audio|audio is too quiet|mix is \d|true peak|pause at|of silence (from|at|over)|silence over a still|quieter than the rest|lift the audio|master to/i;
/** Words that take a picture with tones for granted. */
const PRESUMES_DETAIL = /contrast only|washed[- ]out|median brightness|raise exposure/i;

export function contradictions(r: Report): string[] {
  const m = r.metrics;
  const out: string[] = [];
  const issues = issuesOf(r);
  const speech = m.speech_segments.length > 0;
  const sound = m.has_audio && (m.loudness.integrated_lufs === null ? m.loudness.track.some((v) => v > -60) : m.loudness.integrated_lufs > -60);
  const flat = m.tracks.contrast.length > 0 && median(m.tracks.contrast) < 8;
  for (const i of issues) {
    if (!speech && PRESUMES_SPEECH.test(i.text)) out.push(`${i.id} presumes speech, but nobody speaks: ${PRESUMES_SPEECH.exec(i.text)![0]}`);
    if (!sound && PRESUMES_SOUND.test(i.text)) out.push(`${i.id} presumes sound, but there is nothing to hear: ${PRESUMES_SOUND.exec(i.text)![0]}`);
    if (flat && PRESUMES_DETAIL.test(i.text)) out.push(`${i.id} judges exposure or contrast of a flat card: ${PRESUMES_DETAIL.exec(i.text)![0]}`);
    // Quoted on-screen text must read as written text: never a garbled read.
    if (/^safe-zone-text/.test(i.id)) {
      for (const q of i.text.matchAll(/"([^"]+)"/g)) if (!readsAsWords(q[1].replace(/…$/, ''))) out.push(`${i.id} quotes a garbled read: "${q[1]}"`);
    }
  }
  // "No captions" while caption-like text was read during speech on a frame the report quotes or overlays.
  const noCaptions = issues.find((i) => /^no-captions/.test(i.id) && /no caption text on any/.test(i.text));
  const zone = r.platform_preset?.checks.find((c) => c.id === 'safe_zone');
  if (noCaptions && zone?.overlay) {
    const spoken = (t: number) => m.speech_segments.some((s) => t >= s.start_s - 0.25 && t <= s.end_s + 0.25);
    if (spoken(zone.overlay.time_s) && zone.overlay.boxes.length) out.push(`${noCaptions.id} says no caption text, but the safe-zone check shows text read during speech at ${zone.overlay.time_s} s`);
  }
  // The same finding never fills the list twice, and the top three never repeat one rule.
  const seen = new Map<string, string>();
  for (const d of r.prevention_analytics.prevention_fixes) {
    const rule = d.id.replace(/-\d+$/, '');
    if (seen.has(rule)) out.push(`${rule} is listed twice (${seen.get(rule)} and ${d.id}): repeats of a rule must be one finding`);
    seen.set(rule, d.id);
  }
  const top = r.overall_score_and_recommendations.top_recommendations.map((t) => t.replace(/^\d+:\d\d /, ''));
  if (new Set(top).size !== top.length) out.push(`the top three repeat a recommendation: ${top.join(' | ')}`);
  // Every sentence of the summary opens with a capital.
  for (const s of r.overall_score_and_recommendations.summary.split(/(?<=[.!?])\s+/)) if (!/^[A-Z0-9]/.test(s)) out.push(`summary sentence starts in lower case: "${s.slice(0, 30)}…"`);
  return out;
}
