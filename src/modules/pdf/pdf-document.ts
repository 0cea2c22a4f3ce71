import Handlebars from 'handlebars';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProposedEdit, Report as AnalysisReport, RetentionComparison } from '@preflight/shared';
import { resizeJpegs } from '../../infra/pdf/jpeg-resizer';
import { CATEGORY_LABELS, toPdfView, type PdfIssue, type PdfView } from './pdf-view';
import { audioBandChart, editChart, retentionChart } from './retention-chart';

/** The PDF promises "200 DPI quality" (docs/product.md, PDF report). Frames are resized to exactly this for their printed width. */
export const PDF_IMAGE_DPI = 200;
/** The PDF promises under 1 MB. Images get what is left after text, fonts and vector graphics (≈ 150 kB at most). */
export const PDF_MAX_BYTES = 1_000_000;
const IMAGE_BUDGET_BYTES = 720_000;
/** ffmpeg JPEG qscale: sharp at print size, about 10–20 kB per frame of real footage. */
const JPEG_QUALITY = 6;
/** Bump when the template or its inputs change, so cached PDFs are rendered again. */
export const TEMPLATE_VERSION = 3;

/** Printed widths (mm) of a frame, by the video's orientation: the strip fits 8 (4 landscape) across A4. */
const FRAME_WIDTH_MM: Record<AnalysisReport['video_info']['orientation'], { strip: number; issue: number }> = {
  vertical: { strip: 20, issue: 24 },
  square: { strip: 20, issue: 30 },
  horizontal: { strip: 43, issue: 44 },
};
/** CSS lays out at 96 px per inch. */
const CSS_PX_PER_INCH = 96;

export interface PrintedImage {
  src: string;
  /** CSS width that prints the image's pixels at exactly PDF_IMAGE_DPI. */
  widthCss: string;
}

export interface PdfDocumentInput {
  report: AnalysisReport;
  /** The creator's measured retention against the prediction, when they added one. */
  measured?: RetentionComparison | null;
  /** The edit as it stands (the creator's saved one, else the proposal): "The proposed edit" page; none = no page. */
  edit?: ProposedEdit | null;
  /** The report's folder (frame paths in the report are relative to it). */
  reportDir: string;
  /** False once the 48-hour retention deleted the frames: the PDF says so instead of showing them. */
  framesAvailable: boolean;
  retentionHours: number;
  now: Date;
}

export interface PdfDocument {
  html: string;
  /** Frame images embedded. */
  images: number;
  /** Issue frames left out to stay under the size budget. */
  omittedFrames: number;
}

const ASSETS = join(__dirname, '..', '..', '..', 'assets');
const TEMPLATES = join(__dirname, 'template');

let engine: typeof Handlebars | null = null;
const compiled = new Map<string, Handlebars.TemplateDelegate>();
let fonts: { inter: string; jakarta: string } | null = null;

/** A page template of the template folder (report, comparison), with the helpers and partials every page uses. */
export function pdfTemplate(name: 'report' | 'comparison'): Handlebars.TemplateDelegate {
  if (!engine) {
    engine = Handlebars.create();
    engine.registerHelper('subtract', (a: number, b: number) => a - b);
    engine.registerHelper('round1', (n: number) => Math.round(n * 10) / 10);
    engine.registerHelper('eq', (a: unknown, b: unknown) => a === b);
    engine.registerHelper('upper', (s: string) => String(s).toUpperCase());
    engine.registerPartial('issue', readFileSync(join(TEMPLATES, 'issue.hbs'), 'utf8'));
    engine.registerPartial('styles', readFileSync(join(TEMPLATES, 'styles.hbs'), 'utf8'));
  }
  let page = compiled.get(name);
  if (!page) compiled.set(name, (page = engine.compile(readFileSync(join(TEMPLATES, `${name}.hbs`), 'utf8'))));
  return page;
}

/** The fonts are embedded from files in the repository: nothing is fetched while printing. */
export function fontUrls(): { inter: string; jakarta: string } {
  const dataUrl = (file: string) => `data:font/woff2;base64,${readFileSync(join(ASSETS, 'fonts', file)).toString('base64')}`;
  fonts ??= { inter: dataUrl('inter-latin-wght-normal.woff2'), jakarta: dataUrl('plus-jakarta-sans-latin-wght-normal.woff2') };
  return fonts;
}

const pixelsFor = (mm: number) => Math.round((mm / 25.4) * PDF_IMAGE_DPI);
const cssWidthFor = (px: number) => `${Math.round(((px / PDF_IMAGE_DPI) * CSS_PX_PER_INCH) * 1000) / 1000}px`;

export function formatDate(iso: Date | string): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return String(iso);
  return `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;
}

interface Wanted {
  key: string;
  path: string;
  widthPx: number;
}

/**
 * Resizes every frame the document shows, in priority order (strip, urgent fixes, then issues in reading order),
 * and keeps them while the total stays inside the image budget.
 */
async function printedImages(wanted: Wanted[], reportDir: string): Promise<Map<string, PrintedImage>> {
  const unique = [...new Map(wanted.map((w) => [w.key, w])).values()].filter((w) => existsSync(join(reportDir, w.path)));
  const jpegs = await resizeJpegs(
    unique.map((w) => ({ path: join(reportDir, w.path), widthPx: w.widthPx })),
    { quality: JPEG_QUALITY },
  );
  const images = new Map<string, PrintedImage>();
  let total = 0;
  unique.forEach((w, i) => {
    if (total + jpegs[i].length > IMAGE_BUDGET_BYTES) return;
    total += jpegs[i].length;
    images.set(w.key, { src: `data:image/jpeg;base64,${jpegs[i].toString('base64')}`, widthCss: cssWidthFor(w.widthPx) });
  });
  return images;
}

/** The report as one self-contained HTML page (fonts and frames inline), ready for Chromium to print. */
export async function buildPdfDocument(input: PdfDocumentInput): Promise<PdfDocument> {
  const view: PdfView = toPdfView(input.report);
  const sizes = FRAME_WIDTH_MM[input.report.video_info.orientation];
  const stripPx = pixelsFor(sizes.strip);
  const issuePx = pixelsFor(sizes.issue);
  const issuesInOrder = [...view.urgent, ...view.categories.flatMap((c) => c.issues)];

  const wanted: Wanted[] = input.framesAvailable
    ? [
        ...view.strip.map((f) => ({ key: `${f.path}@${stripPx}`, path: f.path, widthPx: stripPx })),
        ...issuesInOrder.filter((i) => i.framePath).map((i) => ({ key: `${i.framePath}@${issuePx}`, path: i.framePath!, widthPx: issuePx })),
      ]
    : [];
  const images = await printedImages(wanted, input.reportDir);
  const issueImage = (issue: PdfIssue) => (issue.framePath ? images.get(`${issue.framePath}@${issuePx}`) : undefined);
  const withImage = (issue: PdfIssue) => ({
    ...issue,
    categoryLabel: CATEGORY_LABELS[issue.category as keyof typeof CATEGORY_LABELS] ?? issue.category,
    image: issueImage(issue),
  });
  const omittedFrames = input.framesAvailable ? issuesInOrder.filter((i) => i.framePath && !issueImage(i)).length : 0;
  const strip = view.strip
    .map((f) => ({ ...f, image: images.get(`${f.path}@${stripPx}`) }))
    .filter((f) => f.image);

  const html = pdfTemplate('report')({
    view,
    fonts: fontUrls(),
    generatedAt: formatDate(input.now),
    analyzedAt: formatDate(view.analyzedAt),
    chart: retentionChart(view.curve.points, view.dropOffs, view.durationSeconds, input.measured?.measured),
    measured: input.measured ?? null,
    dropOffs: view.dropOffs.map((d) => {
      const confirmed = input.measured?.drop_offs.find((m) => m.time_s === d.seconds)?.confirmed;
      return { ...d, check: confirmed === undefined ? null : confirmed ? 'confirmed by the measured curve' : 'not seen in the measured curve' };
    }),
    audioBand: audioBandChart(view.audio.bands),
    urgent: view.urgent.map(withImage),
    // The PDF serves the owner and every share link alike: it says what a client's page says (nothing of the server).
    wordsShown: view.words.shownToClient,
    categories: view.categories.map((c) => ({ ...c, issues: c.issues.map(withImage) })),
    strip,
    framesExpired: !input.framesAvailable,
    omittedFrames,
    retentionHours: input.retentionHours,
    edit: input.edit ? editPage(input.edit, view) : null,
  });
  return { html, images: images.size, omittedFrames };
}

const s1 = (n: number) => `${(Math.round(n * 10) / 10).toFixed(1)} s`;

/** "The proposed edit" page: the cuts with their reasons, what is kept, the before → after figures, both curves. */
function editPage(edit: ProposedEdit, view: PdfView) {
  const titles = new Map([...view.urgent, ...view.categories.flatMap((c) => c.issues)].map((i) => [i.id, i.title]));
  const fixed = new Set(edit.fixed_finding_ids);
  const on = edit.cuts.filter((c) => c.enabled);
  return {
    note: edit.note,
    cuts: edit.cuts.map((c) => ({
      reason: c.reason,
      enabled: c.enabled,
      finding: c.finding_id ? (titles.get(c.finding_id) ?? null) : null,
      fixes: c.finding_id !== null && fixed.has(c.finding_id),
    })),
    length: `${s1(edit.before.duration_s)} → ${s1(edit.after.duration_s)} long`,
    watching: `${Math.round(edit.before.end_share_pct)} % → ${Math.round(edit.after.end_share_pct)} % still watching at the end`,
    averageView: `${s1(edit.before.average_view_s)} → ${s1(edit.after.average_view_s)} watched on average`,
    chart: on.length && edit.after_curve.length > 1 ? editChart(view.curve.points, view.durationSeconds, edit.after_curve, on) : null,
  };
}

/** A4 with the template's own margins; page numbers in the footer (Chromium draws them with a system font). */
export const PDF_PRINT_OPTIONS = {
  format: 'a4',
  printBackground: true,
  preferCSSPageSize: true,
  displayHeaderFooter: true,
  headerTemplate: '<span></span>',
  footerTemplate:
    '<div style="width:100%;font-size:7pt;color:#8a84a0;padding:0 14mm;display:flex;justify-content:space-between;font-family:sans-serif">' +
    '<span>Preflight optimization report · predictions are estimates</span><span><span class="pageNumber"></span> / <span class="totalPages"></span></span></div>',
} as const;
