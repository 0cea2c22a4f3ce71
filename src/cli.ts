/**
 * The engine from the command line: analyse one video file, write DIR/report.json and DIR/frames/*.jpg, print a
 * summary (or the report as JSON). Bad input: a clear message and exit code 1. The CLI is the only place that may read
 * OPENAI_API_KEY / OPENAI_BASE_URL from the environment (the engine itself takes them as options).
 */
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_FEEDBACK_STYLE, isFeedbackStyle } from '@preflight/shared';
import { analyzeVideo, AnalysisFailedError, AnalysisInputError, FEEDBACK_STYLES, PLATFORM_CHOICES, type FeedbackStyle, type PlatformChoice, type Report } from './analysis';

export const USAGE = `Usage: npm run analyze -- FILE [options]

Analyse a video and write DIR/report.json and DIR/frames/*.jpg, then print a summary.

Options:
  --style STYLE            wording of the issues: ${FEEDBACK_STYLES.join(', ')} (default ${DEFAULT_FEEDBACK_STYLE})
  --platform PLATFORM      ${PLATFORM_CHOICES.join(', ')} (default auto)
  --out DIR                output folder (default ./report-<file name>)
  --json                   print the whole report as JSON instead of the summary
  --openai-key KEY         enrich the wording with OpenAI (default: OPENAI_API_KEY)
  --openai-base-url URL    OpenAI-compatible endpoint (default: OPENAI_BASE_URL)
  -h, --help               show this help
`;

export interface CliOptions {
  file: string;
  style: FeedbackStyle;
  platform: PlatformChoice;
  out: string;
  json: boolean;
  key?: string;
  baseURL?: string;
}

/** What the command line asks for: help, a usage error (message), or an analysis with these options. */
export type CliRequest = { kind: 'help' } | { kind: 'error'; message: string } | { kind: 'run'; options: CliOptions };

const isPlatform = (value: string): value is PlatformChoice => (PLATFORM_CHOICES as readonly string[]).includes(value);

export function parseCliArgs(argv: string[]): CliRequest {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        style: { type: 'string', default: DEFAULT_FEEDBACK_STYLE },
        platform: { type: 'string', default: 'auto' },
        out: { type: 'string' },
        json: { type: 'boolean', default: false },
        'openai-key': { type: 'string' },
        'openai-base-url': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    // node:util names the problem (unknown option, missing value) in its message.
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  if (!isFeedbackStyle(values.style)) return { kind: 'error', message: `Unknown style "${values.style}"` };
  if (!isPlatform(values.platform)) return { kind: 'error', message: `Unknown platform "${values.platform}"` };
  const [file, ...extra] = positionals;
  if (!file) return { kind: 'error', message: 'No input file given.' };
  if (extra.length) return { kind: 'error', message: `Unexpected argument ${extra[0]}` };
  return {
    kind: 'run',
    options: {
      file,
      style: values.style,
      platform: values.platform,
      out: values.out ?? `report-${path.parse(file).name}`,
      json: values.json,
      key: values['openai-key'],
      baseURL: values['openai-base-url'],
    },
  };
}

function bar(pct: number, width = 30): string {
  const n = Math.round((Math.max(0, Math.min(100, pct)) / 100) * width);
  return '#'.repeat(n) + '.'.repeat(width - n);
}

export function summary(r: Report, outDir: string): string {
  const pa = r.prevention_analytics;
  const o = r.overall_score_and_recommendations;
  const lines: string[] = [];
  lines.push(`${r.video_info.original_filename}  ${r.video_info.duration_seconds.toFixed(1)} s  ${r.video_info.width}x${r.video_info.height}  platform: ${r.report_metadata.platform}  style: ${r.report_metadata.feedback_style}`);
  lines.push(`Score ${o.overall_performance_score}/100 (${o.optimization_label})   predicted viral risk ${pa.viral_risk_score} (${o.risk_level})`);
  lines.push(`Predicted: ${r.viral_hook.predicted_hook_hold}% past the ${r.viral_hook.hook_window_s}s hook, ${pa.predicted_drop_off_rate}% leave before the end, ${pa.predicted_watch_time_loss}% watch time lost`);
  const pts = r.retention_curve.points;
  const step = Math.max(1, Math.ceil(pts.length / 8));
  lines.push('Predicted retention:');
  for (let i = 0; i < pts.length; i += step) lines.push(`  ${String(pts[i].t_s.toFixed(0)).padStart(5)}s ${bar(pts[i].retention_pct)} ${pts[i].retention_pct.toFixed(0)}%`);
  if (r.drop_offs.length) {
    lines.push('Predicted drop-offs:');
    for (const d of r.drop_offs.slice(0, 4)) lines.push(`  ${d.timestamp.padStart(5)}  -${d.predicted_loss.toFixed(1)} pts  ${d.cause}`);
  }
  // The report's own order: most viewers lost first (retention_gain_pct).
  const issues = pa.prevention_fixes;
  lines.push(issues.length ? `Issues (${issues.length}):` : 'No Critical Issues Found!');
  for (const f of issues.slice(0, 8)) lines.push(`  [${f.severity.toUpperCase().padEnd(6)}] ${f.timestamp.padStart(5)} ${f.title} - ${f.evidence}\n           fix: ${f.fix}${f.retention_gain_pct !== undefined ? ` (+${f.retention_gain_pct} % still watching at the end)` : ''}`);
  if (issues.length > 8) lines.push(`  ... and ${issues.length - 8} more in report.json`);
  if (r.report_metadata.warnings.length) lines.push(`Warnings: ${r.report_metadata.warnings.join(' ')}`);
  if (r.report_metadata.ai_enrichment.status !== 'off') lines.push(`AI enrichment: ${r.report_metadata.ai_enrichment.status}${r.report_metadata.ai_enrichment.error ? ` (${r.report_metadata.ai_enrichment.error})` : ''}`);
  lines.push(`Wrote ${path.join(outDir, 'report.json')} and ${r.frames.length} frames in ${r.report_metadata.analysis_seconds.toFixed(1)} s`);
  return lines.join('\n');
}

async function main() {
  const request = parseCliArgs(process.argv.slice(2));
  if (request.kind === 'help') {
    process.stdout.write(USAGE);
    return;
  }
  if (request.kind === 'error') {
    process.stderr.write(`${request.message}\n\n${USAGE}`);
    process.exit(1);
  }
  const a = request.options;
  const key = a.key ?? process.env.OPENAI_API_KEY;
  const baseURL = a.baseURL ?? process.env.OPENAI_BASE_URL;
  const tty = process.stderr.isTTY;
  const report = await analyzeVideo(
    a.file,
    { outDir: a.out, style: a.style, platform: a.platform, ...(key ? { openai: { apiKey: key, baseURL } } : {}) },
    (p) => {
      if (tty) process.stderr.write(`\r${p.stage.padEnd(14)} ${String(p.progress).padStart(3)}%${p.etaSeconds !== undefined ? `  eta ${p.etaSeconds}s` : ''}    `);
    },
  );
  if (tty) process.stderr.write('\r\x1b[K');
  process.stdout.write(a.json ? `${JSON.stringify(report, null, 2)}\n` : `${summary(report, a.out)}\n`);
}

if (require.main === module) {
  main().catch((e: unknown) => {
    if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
    if (e instanceof AnalysisInputError) {
      process.stderr.write(`Cannot analyse this file: ${e.message}\n`);
    } else if (e instanceof AnalysisFailedError) {
      process.stderr.write(`Analysis failed: ${e.message}\n`);
    } else {
      process.stderr.write(`Analysis failed: ${e instanceof Error ? e.message : String(e)}\n`);
    }
    process.exit(1);
  });
}
