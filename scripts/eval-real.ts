/**
 * npm run eval:real -- [DIR] [--platform auto|tiktok|shorts|reels|youtube] [--json FILE]
 *
 * Analyses every clip listed in DIR/truth.json (default: ../shared/media beside the repository) and prints ONE table:
 * hard-cut precision / recall / F1 (±1 frame; a detection inside a `gradual` or `optional` span counts neither for nor
 * against), speech onset error, speech recall (share of the spoken time detected), speech reported inside `nonspeech` spans (seconds), loudness, score and label against
 * the clip's `expect` bounds, and the top three recommendations. The truth format is described in DIR/README.md.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { analyzeVideo, PLATFORM_CHOICES, type PlatformChoice, type Report } from '../src/analysis';
import { evaluateClip, type ClipEval, type ClipTruth } from './eval/metrics';
import { EDIT_HEADER, editRow, editTotals, evaluateEdit, truthDeadAir, type EditEval } from './eval/edit';
import { evaluateFindings, findingsVerdict, type FindingExpectation, type FindingsEval } from './eval/findings';

const repoRoot = path.resolve(__dirname, '..');

function parseArgs(argv: string[]) {
  let dir = path.resolve(repoRoot, '..', 'shared', 'media');
  let platform: PlatformChoice = 'auto';
  let json: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--platform') {
      const v = argv[++i];
      if (!(PLATFORM_CHOICES as readonly string[]).includes(v)) throw new Error(`Unknown platform "${v}"`);
      platform = v as PlatformChoice;
    } else if (a === '--json') json = argv[++i];
    else dir = path.resolve(a);
  }
  return { dir, platform, json };
}

const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));

function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const line = (r: string[]) => `| ${r.map((v, c) => pad(v, widths[c])).join(' | ')} |`;
  return [line(rows[0]), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.slice(1).map(line)].join('\n');
}

const f2 = (v: number) => v.toFixed(2);

function row(name: string, e: ClipEval, r: Report): string[] {
  const o = r.overall_score_and_recommendations;
  const L = r.metrics.loudness;
  const bounds = e.scoreBounds;
  return [
    name,
    `${e.cuts.tp}/${e.cuts.fp}/${e.cuts.fn}`,
    e.cuts.truth + e.cuts.detected === 0 ? '-' : `${f2(e.cuts.precision)}/${f2(e.cuts.recall)}/${f2(e.cuts.f1)}`,
    e.onsetErrorMs === null ? (e.truthOnsetS === null ? '-' : 'missed') : `${Math.round(e.onsetErrorMs)} ms`,
    e.speechRecall === null ? '-' : f2(e.speechRecall),
    `${e.speechInNonspeechS.toFixed(2)} s`,
    L.integrated_lufs === null ? 'no audio' : `${L.integrated_lufs.toFixed(1)} LUFS / ${L.true_peak_dbtp?.toFixed(1) ?? '-'} dBTP`,
    `${o.overall_performance_score} ${o.optimization_label}`,
    `${bounds}${e.scoreOk ? '' : ' FAIL'}`,
    o.top_recommendations.join(' · ') || '-',
  ];
}

async function main() {
  const { dir, platform, json } = parseArgs(process.argv.slice(2));
  const truthFile = path.join(dir, 'truth.json');
  if (!fs.existsSync(truthFile)) throw new Error(`No truth.json in ${dir}`);
  const truth = JSON.parse(fs.readFileSync(truthFile, 'utf8')) as Record<string, ClipTruth>;
  // The findings each clip must and must not give live beside the evaluation (the media folder is read-only).
  const expectations = JSON.parse(fs.readFileSync(path.join(__dirname, 'eval', 'real-findings-expectations.json'), 'utf8')) as Record<string, FindingExpectation>;
  const findingRows = [['clip', 'must give', 'must not give', 'findings (ranked)', 'verdict']];
  let findingFails = 0;
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-eval-'));
  const header = ['clip', 'cuts tp/fp/fn', 'cut P/R/F1', 'onset err', 'speech recall', 'speech in nonspeech', 'loudness', 'score', 'expected', 'top three'];
  const rows = [header];
  const editRows = [EDIT_HEADER];
  const edits: EditEval[] = [];
  const results: Array<{ clip: string; eval: ClipEval; report: Report; findings: FindingsEval }> = [];
  const tot = { tp: 0, fp: 0, fn: 0, nonspeech: 0, fails: 0, onsetMax: 0, speechTotal: 0, speechHit: 0 };
  try {
    for (const name of Object.keys(truth).sort()) {
      const file = path.join(dir, name);
      if (!fs.existsSync(file)) {
        process.stderr.write(`skipping ${name}: file missing\n`);
        continue;
      }
      process.stderr.write(`analysing ${name}...\n`);
      const report = await analyzeVideo(file, { outDir: path.join(out, name), platform, frames: false });
      const e = evaluateClip(truth[name], report.metrics, report.overall_score_and_recommendations.overall_performance_score);
      const exp = expectations[name] ?? {};
      const fe = evaluateFindings(exp, report.metrics, platform);
      results.push({ clip: name, eval: e, report, findings: fe });
      rows.push(row(name, e, report));
      if (report.proposed_edit) {
        const t = truth[name];
        const speech = t.speech.map(([start_s, end_s]) => ({ start_s, end_s }));
        // Dead air is silence: non-speech spans of a clip with sound and no music (music and a silent track are not).
        const quiet = t.audio === true && !t.music ? (t.nonspeech ?? []).map(([start_s, end_s]) => ({ start_s, end_s })) : [];
        const ev = evaluateEdit(report.proposed_edit, speech, truthDeadAir(quiet, speech, report.proposed_edit));
        edits.push(ev);
        editRows.push(editRow(name, ev));
      }
      findingRows.push([name, (exp.must ?? []).join(', ') || '-', (exp.mustNot ?? []).length ? `${exp.mustNot!.length} codes` : '-', fe.tags.join(', ') || '-', findingsVerdict(fe)]);
      if (!fe.ok) findingFails++;
      tot.tp += e.cuts.tp;
      tot.fp += e.cuts.fp;
      tot.fn += e.cuts.fn;
      tot.nonspeech += e.speechInNonspeechS;
      const spoken = truth[name].speech.reduce((a, [s0, s1]) => a + s1 - s0, 0);
      tot.speechTotal += spoken;
      tot.speechHit += (e.speechRecall ?? 0) * spoken;
      tot.onsetMax = Math.max(tot.onsetMax, e.onsetErrorMs ?? 0);
      if (!e.scoreOk) tot.fails++;
    }
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
  const p = tot.tp + tot.fp ? tot.tp / (tot.tp + tot.fp) : 1;
  const rc = tot.tp + tot.fn ? tot.tp / (tot.tp + tot.fn) : 1;
  const f1 = p + rc ? (2 * p * rc) / (p + rc) : 0;
  rows.push([
    'ALL', `${tot.tp}/${tot.fp}/${tot.fn}`, `${f2(p)}/${f2(rc)}/${f2(f1)}`, `max ${Math.round(tot.onsetMax)} ms`,
    tot.speechTotal > 0 ? f2(tot.speechHit / tot.speechTotal) : '-', `${tot.nonspeech.toFixed(2)} s`, '', '', `${tot.fails} outside`, '',
  ]);
  console.log(`eval:real ${dir} (platform ${platform})\n`);
  console.log(table(rows));
  editRows.push(editTotals(edits));
  console.log('\nProposed edit against the truth (speech removed must be 0 ms; dead air found at least 95 %):\n');
  console.log(table(editRows));
  console.log(`\nFindings (scripts/eval/real-findings-expectations.json): ${findingFails} clip${findingFails === 1 ? '' : 's'} wrong\n`);
  console.log(table(findingRows));
  if (json) fs.writeFileSync(json, JSON.stringify(results.map((r) => ({ clip: r.clip, ...r.eval, score: r.report.overall_score_and_recommendations, findings: r.findings })), null, 2));
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
