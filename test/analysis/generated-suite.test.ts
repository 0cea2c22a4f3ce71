/**
 * The representative part of the generated suite (issue 27, "keep it from happening again"): the cases marked `ci` in
 * scripts/eval/generated-suite.ts, at least one per class, built with the test-media generator and analysed for real.
 * Each class has floors; a change that loses cut recall, speech recall or onset accuracy on any class, or reports
 * speech where there is none, or misses a finding a case must give or gives one it must not (issue 40), fails here. `npm run eval:generated` runs the whole suite and prints the tables.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { analyzeVideo } from '../../src/analysis';
import { makeVideo } from '../../scripts/media/generate';
import { findingsVerdict } from '../../scripts/eval/findings';
import { SUITE, evaluateCase, summarise, type CaseEval, type ClassSummary, type SuiteClass } from '../../scripts/eval/generated-suite';

jest.setTimeout(600_000);

interface Floors {
  cutRecall?: number;
  cutPrecision?: number;
  /** Worst first-words error allowed (ms); every case with speech must find its first words. */
  onsetMs?: number;
  speechRecall?: number;
  /** Seconds of speech allowed outside the true speech, over the class. */
  speechOnNonspeechS: number;
  aspect?: boolean;
  /** Share of the truth's dead air the proposed edit must find (where the class has any). */
  deadAirFound?: number;
  /** Cases allowed to miss an expected finding, give a wrong one or put a minor one in the top three (issue 40). */
  findingFails: number;
}

// Floors are what the engine reaches with a margin of one miss at most; speech floors are the targets.
const FLOORS: Record<SuiteClass, Floors> = {
  'cuts-pairs': { cutRecall: 0.98, cutPrecision: 0.98, speechOnNonspeechS: 0, findingFails: 0 },
  'not-cuts': { cutRecall: 1, cutPrecision: 1, speechOnNonspeechS: 0, findingFails: 0 },
  'speech-levels': { cutRecall: 1, onsetMs: 100, speechRecall: 0.95, speechOnNonspeechS: 0.3, findingFails: 0 },
  'speech-pink': { cutRecall: 1, onsetMs: 100, speechRecall: 0.95, speechOnNonspeechS: 0.3, findingFails: 0 },
  'speech-music': { cutRecall: 1, onsetMs: 100, speechRecall: 0.9, speechOnNonspeechS: 0.3, findingFails: 0 },
  'music-only': { cutRecall: 1, speechOnNonspeechS: 0.1, findingFails: 0 },
  // The proposed edit (issue 42): every class removes no truth speech; this one must find the dead air.
  'dead-air': { onsetMs: 100, speechRecall: 0.95, speechOnNonspeechS: 0.3, deadAirFound: 0.95, findingFails: 0 },
  // Singing is not speech (issue 27 item 3): a song reports none (the class total stays under half a second).
  song: { cutRecall: 1, speechOnNonspeechS: 0.5, findingFails: 0 },
  'speech-then-song': { cutRecall: 1, onsetMs: 100, speechRecall: 0.95, speechOnNonspeechS: 0.5, findingFails: 0 },
  'no-sound': { cutRecall: 1, speechOnNonspeechS: 0, findingFails: 0 },
  formats: { cutRecall: 1, onsetMs: 100, speechRecall: 0.95, speechOnNonspeechS: 0.3, aspect: true, findingFails: 0 },
  // What a creator is told (issue 40): every expected finding given, none that contradicts the video.
  findings: { speechOnNonspeechS: 0.3, findingFails: 0 },
};

const cases = SUITE.filter((c) => c.ci);
const evals: CaseEval[] = [];
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-gen-suite-'));
  for (const c of cases) {
    const made = await makeVideo({ ...(await c.video()), dir, name: c.name });
    const report = await analyzeVideo(made.path, { outDir: path.join(dir, `out-${c.name}`), frames: false });
    evals.push(evaluateCase(c, made.truth, report.metrics, report.overall_score_and_recommendations.overall_performance_score, report.proposed_edit));
    fs.rmSync(made.path, { force: true });
  }
});
afterAll(() => dir && fs.rmSync(dir, { recursive: true, force: true }));

it('the CI subset covers every class', () => {
  expect(new Set(cases.map((c) => c.cls))).toEqual(new Set(Object.keys(FLOORS)));
});

/** What failed, readable in the test output: the class's measures next to its floors. */
function shortfalls(s: ClassSummary, f: Floors): string[] {
  const out: string[] = [];
  if (f.cutRecall !== undefined && s.recall < f.cutRecall) out.push(`cut recall ${s.recall.toFixed(3)} < ${f.cutRecall} (${s.fn} missed)`);
  if (f.cutPrecision !== undefined && s.precision < f.cutPrecision) out.push(`cut precision ${s.precision.toFixed(3)} < ${f.cutPrecision} (${s.fp} false)`);
  if (f.onsetMs !== undefined && !(s.maxOnsetErrorMs !== null && s.maxOnsetErrorMs <= f.onsetMs)) out.push(`onset error ${s.maxOnsetErrorMs} ms > ${f.onsetMs} (${s.onsetMissed} missed)`);
  if (f.speechRecall !== undefined && !(s.speechRecall !== null && s.speechRecall >= f.speechRecall)) out.push(`speech recall ${s.speechRecall?.toFixed(3)} < ${f.speechRecall}`);
  if (s.speechOnNonspeechS > f.speechOnNonspeechS) out.push(`speech on non-speech ${s.speechOnNonspeechS.toFixed(2)} s > ${f.speechOnNonspeechS}`);
  if (f.aspect && s.aspectFails) out.push(`${s.aspectFails} wrong display size`);
  if (s.speechRemovedMs > 0) out.push(`the proposed edit removes ${s.speechRemovedMs} ms of speech`);
  if (f.deadAirFound !== undefined && !(s.deadAirFound !== null && s.deadAirFound >= f.deadAirFound)) out.push(`the proposed edit finds ${s.deadAirFound} of the dead air < ${f.deadAirFound}`);
  if (s.findingFails > f.findingFails) {
    for (const e of evals.filter((x) => x.cls === s.cls && !x.findings.ok)) out.push(`${e.name}: ${findingsVerdict(e.findings)} (findings: ${e.findings.tags.join(', ') || 'none'})`);
  }
  return out;
}

it.each(Object.keys(FLOORS) as SuiteClass[])('%s stays above its floors', (cls) => {
  const s = summarise(cls, evals);
  expect(s.cases).toBeGreaterThan(0);
  expect({ cls, shortfalls: shortfalls(s, FLOORS[cls]) }).toEqual({ cls, shortfalls: [] });
});
