import { coverageLine, SEVERITY_LABELS, type Comparison } from '@preflight/shared';
import { mss } from '../../analysis/time';
import { comparisonChart } from './comparison-chart';
import { fontUrls, formatDate, PDF_PRINT_OPTIONS, pdfTemplate } from './pdf-document';

/** The report PDF's page and margins, with its own footer line. */
export const COMPARISON_PRINT_OPTIONS = {
  ...PDF_PRINT_OPTIONS,
  footerTemplate: PDF_PRINT_OPTIONS.footerTemplate.replace('Preflight optimization report', 'Preflight comparison of two cuts'),
} as const;

const GROUPS = [
  { state: 'fixed', title: 'Fixed in B' },
  { state: 'new', title: 'New in B' },
  { state: 'remaining', title: 'Still in both' },
] as const;
const signed = (n: number, unit = '') => (n > 0 ? `+${n}${unit}` : n < 0 ? `−${Math.abs(n)}${unit}` : `±0${unit}`);
const r1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The comparison as one self-contained HTML page for Chromium to print: no images (text, tables and a vector chart),
 * so the file stays small whatever the videos' length.
 */
export function buildComparisonDocument(comparison: Comparison, now: Date): string {
  const { a, b } = comparison;
  const issues = GROUPS.map((g) => {
    const list = comparison.issues.filter((i) => i.state === g.state);
    return {
      ...g,
      count: list.length,
      issues: list.map((i) => {
        const side = i.b ?? i.a!;
        return {
          title: i.title,
          evidence: side.evidence,
          severity: SEVERITY_LABELS[side.severity],
          severityClass: side.severity,
          where: [i.a && `A ${mss(i.a.timestamp_s)}`, i.b && `B ${mss(i.b.timestamp_s)}`].filter(Boolean).join(' → '),
        };
      }),
    };
  });
  return pdfTemplate('comparison')({
    comparison,
    fonts: fontUrls(),
    generatedAt: formatDate(now),
    chart: comparisonChart(comparison),
    rows: [
      { label: 'Score', a: `${a.overall_score} · ${a.optimization_label}`, b: `${b.overall_score} · ${b.optimization_label}`, delta: signed(comparison.score_delta) },
      { label: 'Hook hold (predicted)', a: `${a.predicted_hook_hold}%`, b: `${b.predicted_hook_hold}%`, delta: signed(r1(b.predicted_hook_hold - a.predicted_hook_hold), ' pts') },
      { label: 'Average watch (predicted)', a: `${a.predicted_average_watch_pct}%`, b: `${b.predicted_average_watch_pct}%`, delta: signed(r1(b.predicted_average_watch_pct - a.predicted_average_watch_pct), ' pts') },
      { label: 'Length', a: mss(a.duration_s), b: mss(b.duration_s), delta: signed(r1(b.duration_s - a.duration_s), ' s') },
      { label: 'Issues', a: String(a.issue_count), b: String(b.issue_count), delta: signed(b.issue_count - a.issue_count) },
    ],
    coverage: coverageLine(comparison.alignment),
    issues,
  });
}
