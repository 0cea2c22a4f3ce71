/**
 * npm run eval:generated -- [--only CLASS[,CLASS…]] [--case NAME] [--ci] [--keep DIR] [--json FILE]
 *
 * Builds the seeded generated suite (scripts/eval/generated-suite.ts: 40+ short videos from the test-media generator),
 * analyses each, and prints one table per class: hard-cut precision / recall / F1 at ±1 frame (a detection inside a
 * fade counts neither way; flashes and freeze ends count as false cuts), speech onset error, speech recall, speech
 * reported on non-speech, the display size and the score. A summary table, one row per class, follows, and the
 * proposed edit's table closes the output: per video the truth speech its cuts remove and the truth dead air they find.
 *
 *   --only     run these classes only (cuts-pairs, not-cuts, speech-levels, speech-pink, speech-music, music-only,
 *              song, speech-then-song, no-sound, formats, dead-air)
 *   --case     run the cases whose name contains this text
 *   --ci       run the representative subset CI runs (test/analysis/generated-suite.test.ts)
 *   --keep DIR keep the generated videos in DIR and reuse them on the next run (same case definition = same file)
 *   --json     also write every case's measures as JSON
 *
 * The next video is generated while the current one is analysed (two processes at most: this machine has two cores).
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { analyzeVideo } from '../src/analysis';
import { makeVideo, type MediaTruth } from './media/generate';
import { EDIT_HEADER, editRow, editTotals } from './eval/edit';
import { findingsVerdict } from './eval/findings';
import { CLASS_TITLES, SUITE, evaluateCase, summarise, type CaseEval, type SuiteCase, type SuiteClass } from './eval/generated-suite';

function parseArgs(argv: string[]) {
  const o: { only?: SuiteClass[]; match?: string; ci: boolean; keep?: string; json?: string } = { ci: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--only') {
      o.only = argv[++i].split(',') as SuiteClass[];
      for (const c of o.only) if (!(c in CLASS_TITLES)) throw new Error(`Unknown class "${c}" (one of ${Object.keys(CLASS_TITLES).join(', ')})`);
    } else if (a === '--case') o.match = argv[++i];
    else if (a === '--ci') o.ci = true;
    else if (a === '--keep') o.keep = path.resolve(argv[++i]);
    else if (a === '--json') o.json = path.resolve(argv[++i]);
    else throw new Error(`Unknown argument "${a}"`);
  }
  return o;
}

const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));
function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const line = (r: string[]) => `| ${r.map((v, c) => pad(v, widths[c])).join(' | ')} |`;
  return [line(rows[0]), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.slice(1).map(line)].join('\n');
}
const f2 = (v: number) => v.toFixed(2);
const ms = (v: number | null, hasTruth: boolean) => (v === null ? (hasTruth ? 'missed' : '-') : `${Math.round(v)} ms`);

/** The generator's own sources are part of the key: a changed generator rebuilds kept files. */
const generatorHash = createHash('sha1')
  .update(fs.readFileSync(path.join(__dirname, 'media', 'generate.ts')))
  .update(fs.readFileSync(path.join(__dirname, 'media', 'song.ts')))
  .digest('hex')
  .slice(0, 10);

async function build(c: SuiteCase, dir: string): Promise<{ path: string; truth: MediaTruth }> {
  const opts = await c.video();
  const key = createHash('sha1').update(generatorHash + JSON.stringify(opts)).digest('hex').slice(0, 12);
  const file = path.join(dir, `${c.name}.mp4`);
  const truthFile = path.join(dir, `${c.name}.truth.json`);
  if (fs.existsSync(file) && fs.existsSync(truthFile)) {
    const kept = JSON.parse(fs.readFileSync(truthFile, 'utf8')) as { key: string; truth: MediaTruth };
    if (kept.key === key) return { path: file, truth: kept.truth };
  }
  const made = await makeVideo({ ...opts, dir, name: c.name });
  fs.writeFileSync(truthFile, JSON.stringify({ key, truth: made.truth }));
  return made;
}

function caseRow(e: CaseEval): string[] {
  return [
    e.name,
    `${e.cuts.tp}/${e.cuts.fp}/${e.cuts.fn}`,
    e.cuts.truth + e.cuts.detected === 0 ? '-' : `${f2(e.cuts.precision)}/${f2(e.cuts.recall)}/${f2(e.cuts.f1)}`,
    ms(e.onsetErrorMs, e.truthOnsetS !== null),
    e.speechRecall === null ? '-' : f2(e.speechRecall),
    `${e.speechOnNonspeechS.toFixed(2)} s`,
    `${e.size}${e.aspectOk ? '' : ' WRONG'}`,
    String(e.score),
    e.findings.tags.join(', ') || '-',
    findingsVerdict(e.findings),
  ];
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const cases = SUITE.filter((c) => (!o.only || o.only.includes(c.cls)) && (!o.match || c.name.includes(o.match)) && (!o.ci || c.ci));
  if (!cases.length) throw new Error('No case matches.');
  const dir = o.keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-eval-gen-'));
  fs.mkdirSync(dir, { recursive: true });
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-eval-gen-out-'));
  const evals: CaseEval[] = [];
  const started = Date.now();
  try {
    let next = build(cases[0], dir);
    for (let i = 0; i < cases.length; i++) {
      const c = cases[i];
      const made = await next;
      if (i + 1 < cases.length) {
        next = build(cases[i + 1], dir);
        next.catch(() => undefined); // awaited on the next turn; keeps an early failure from being unhandled meanwhile
      }
      process.stderr.write(`[${i + 1}/${cases.length}] ${c.cls} ${c.name}\n`);
      const report = await analyzeVideo(made.path, { outDir: path.join(out, c.name), frames: false });
      evals.push(evaluateCase(c, made.truth, report.metrics, report.overall_score_and_recommendations.overall_performance_score, report.proposed_edit));
    }
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
    if (!o.keep) fs.rmSync(dir, { recursive: true, force: true });
  }
  const classes = (Object.keys(CLASS_TITLES) as SuiteClass[]).filter((k) => evals.some((e) => e.cls === k));
  console.log(`eval:generated — ${evals.length} videos, ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  const header = ['case', 'cuts tp/fp/fn', 'cut P/R/F1', 'onset err', 'speech recall', 'speech on non-speech', 'display size', 'score', 'findings', 'findings verdict'];
  for (const k of classes) {
    const s = summarise(k, evals);
    console.log(`### ${k}: ${CLASS_TITLES[k]}\n`);
    console.log(
      table([
        header,
        ...evals.filter((e) => e.cls === k).map(caseRow),
        [
          'ALL', `${s.tp}/${s.fp}/${s.fn}`, `${f2(s.precision)}/${f2(s.recall)}/${f2(s.f1)}`,
          s.maxOnsetErrorMs === null ? '-' : `max ${Number.isFinite(s.maxOnsetErrorMs) ? Math.round(s.maxOnsetErrorMs) + ' ms' : 'missed'}`,
          s.speechRecall === null ? '-' : `mean ${f2(s.speechRecall)}`, `${s.speechOnNonspeechS.toFixed(2)} s`,
          s.aspectFails ? `${s.aspectFails} wrong` : 'all right', `${s.scoreMin}-${s.scoreMax}`, '',
          s.findingFails ? `${s.findingFails} wrong` : 'all right',
        ],
      ]),
    );
    console.log('');
  }
  console.log('### Summary\n');
  console.log(
    table([
      ['class', 'videos', 'cut P/R/F1', 'max onset err', 'speech recall', 'speech on non-speech', 'aspect', 'scores', 'findings'],
      ...classes.map((k) => {
        const s = summarise(k, evals);
        return [
          k, String(s.cases), s.tp + s.fp + s.fn ? `${f2(s.precision)}/${f2(s.recall)}/${f2(s.f1)}` : '-',
          s.maxOnsetErrorMs === null ? '-' : Number.isFinite(s.maxOnsetErrorMs) ? `${Math.round(s.maxOnsetErrorMs)} ms` : `${s.onsetMissed} missed`,
          s.speechRecall === null ? '-' : f2(s.speechRecall), `${s.speechOnNonspeechS.toFixed(2)} s`,
          s.aspectFails ? `${s.aspectFails} wrong` : 'right', `${s.scoreMin}-${s.scoreMax}`,
          s.findingFails ? `${s.findingFails}/${s.cases} wrong` : 'right',
        ];
      }),
    ]),
  );
  const edited = evals.filter((e) => e.edit);
  console.log('\n### Proposed edit against the truth (speech removed must be 0 ms; dead air found at least 95 %)\n');
  console.log(table([EDIT_HEADER, ...edited.map((e) => editRow(e.name, e.edit!)), editTotals(edited.map((e) => e.edit!))]));
  if (o.json) fs.writeFileSync(o.json, JSON.stringify(evals, null, 2));
}

main().catch((e) => {
  console.error(e instanceof Error ? e.stack ?? e.message : e);
  process.exit(1);
});
