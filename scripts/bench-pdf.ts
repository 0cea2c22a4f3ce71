/**
 * `npm run bench:pdf`: prints, for a short and a 1-hour report, the PDF's file size, pages, image DPI, and the cold
 * (Chromium start + first render) and warm (median of 3 more) render times. Targets: ≤ 1 MB, 200 DPI, warm ≤ 3 s.
 *
 * Short: the engine's real sample report (assets/sample-report, 28 s).
 * 1 hour: synthesised from the same report, because analysing a real hour takes minutes: its 28 s timeline is laid
 * end to end 12 times, each copy stretched to 5 minutes (issues, drop-offs, segments and frames keep their shape;
 * ids get a copy suffix), the retention curve is resampled at one point per second over 3,600 s, and each copy gets
 * its own frame files. The sample's frames are flat synthetic pictures that compress far better than camera footage,
 * so every frame is re-encoded with film grain (ffmpeg noise) first: the size figure is for footage, not test cards.
 * Rendering is the worker's own code path (buildPdfDocument + ChromiumPdfRenderer), without the queue.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Report } from '@preflight/shared';
import { mss } from '../src/analysis/time';
import { ChromiumPdfRenderer } from '../src/infra/pdf/chromium-pdf-renderer';
import { buildPdfDocument, PDF_MAX_BYTES, PDF_PRINT_OPTIONS } from '../src/modules/pdf/pdf-document';

const SAMPLE = join(__dirname, '..', 'assets', 'sample-report');
const HOUR_S = 3600;
const COPIES = 12;
const WARM_RUNS = 3;

/** Camera-like frames: the sample's pictures with film grain, re-encoded the way the engine writes frames. */
function grainFrames(dir: string): void {
  const frames = join(dir, 'frames');
  for (const name of readdirSync(frames)) {
    const file = join(frames, name);
    const grained = join(frames, `grain-${name}`);
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', file, '-vf', 'noise=alls=14:allf=u', '-q:v', '3', grained]);
    rmSync(file);
    cpSync(grained, file);
    rmSync(grained);
  }
}

function oneHourReport(source: Report, dir: string): Report {
  const span = HOUR_S / COPIES;
  const scale = span / source.video_info.duration_seconds;
  const at = (copy: number, t: number) => Math.min(HOUR_S, Math.round((copy * span + t * scale) * 10) / 10);
  const copies = <T>(items: T[], map: (item: T, copy: number) => T) => Array.from({ length: COPIES }, (_, c) => items.map((i) => map(i, c))).flat();
  const framePath = (path: string | undefined, copy: number) => (path ? path.replace('frames/', `frames/c${copy}-`) : path);

  for (let c = 0; c < COPIES; c += 1) {
    for (const name of readdirSync(join(dir, 'frames')).filter((n) => !n.startsWith('c'))) cpSync(join(dir, 'frames', name), join(dir, 'frames', `c${c}-${name}`));
  }
  const curve = source.retention_curve.points;
  const retentionAt = (t: number) => {
    const x = (t % span) / scale;
    const before = [...curve].reverse().find((p) => p.t_s <= x) ?? curve[0];
    const copyDrop = Math.floor(t / span) * (100 - curve[curve.length - 1].retention_pct) * 0.08;
    return Math.max(0, before.retention_pct - copyDrop);
  };
  const fixes = copies(source.prevention_analytics.prevention_fixes, (f, c) => ({
    ...f,
    id: `${f.id}-${c}`,
    timestamp_seconds: at(c, f.timestamp_seconds),
    timestamp: mss(at(c, f.timestamp_seconds)),
  }));
  return {
    ...source,
    video_info: { ...source.video_info, original_filename: 'one-hour-podcast.mp4', duration_seconds: HOUR_S, file_size_bytes: 1_900_000_000 },
    detailed_analysis: copies(source.detailed_analysis, (d, c) => ({
      ...d,
      id: `${d.id}-${c}`,
      timestamp_seconds: at(c, d.timestamp_seconds),
      timestamp_start: mss(at(c, d.timestamp_seconds)),
      frame_image_path: framePath(d.frame_image_path, c),
    })),
    viral_hook: { ...source.viral_hook, action_items: source.viral_hook.action_items.map((a) => ({ ...a, id: `${a.id}-0`, frame_image_path: framePath(a.frame_image_path, 0) })) },
    predictive_frames: copies(source.predictive_frames, (f, c) => ({
      ...f,
      timestamp_seconds: at(c, f.timestamp_seconds),
      timestamp_string: mss(at(c, f.timestamp_seconds)),
      frame_image_path: framePath(f.frame_image_path, c)!,
      issue_id: f.issue_id ? `${f.issue_id}-${c}` : undefined,
    })),
    prevention_analytics: { ...source.prevention_analytics, prevention_fixes: fixes },
    retention_curve: { ...source.retention_curve, points: Array.from({ length: HOUR_S + 1 }, (_, t) => ({ t_s: t, retention_pct: retentionAt(t) })) },
    drop_offs: copies(source.drop_offs, (d, c) => ({ ...d, time_s: at(c, d.time_s), peak_s: at(c, d.peak_s), timestamp: mss(at(c, d.time_s)) })).slice(0, 8),
    segments: copies(source.segments, (s, c) => ({ ...s, start_s: at(c, s.start_s), end_s: at(c, s.end_s), frame_image_path: framePath(s.frame_image_path, c) })),
    frames: copies(source.frames, (f, c) => ({ time_s: at(c, f.time_s), path: framePath(f.path, c)! })),
  };
}

function inspect(file: string): { pages: number; images: number; dpi: string } {
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
  const ppi = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .filter((l) => l.trim())
    .flatMap((l) => l.trim().split(/\s+/).slice(12, 14).map(Number));
  const dpi = ppi.length ? `${Math.min(...ppi)}–${Math.max(...ppi)}` : 'no images';
  return { pages, images: ppi.length / 2, dpi };
}

async function bench(name: string, report: Report, dir: string, out: string): Promise<void> {
  const renderer = new ChromiumPdfRenderer();
  const once = async () => {
    const started = performance.now();
    const document = await buildPdfDocument({ report, reportDir: dir, framesAvailable: true, retentionHours: 48, now: new Date() });
    const pdf = await renderer.render(document.html, PDF_PRINT_OPTIONS);
    return { ms: performance.now() - started, pdf, omitted: document.omittedFrames };
  };
  try {
    const cold = await once();
    const warm: number[] = [];
    let last = cold;
    for (let i = 0; i < WARM_RUNS; i += 1) {
      last = await once();
      warm.push(last.ms);
    }
    warm.sort((a, b) => a - b);
    const file = join(out, `${name}.pdf`);
    writeFileSync(file, last.pdf);
    const { pages, images, dpi } = inspect(file);
    const kb = last.pdf.length / 1000;
    console.log(
      `${name.padEnd(8)} size ${kb.toFixed(0).padStart(4)} kB ${last.pdf.length < PDF_MAX_BYTES ? '(< 1 MB ✓)' : '(OVER 1 MB ✗)'}  pages ${String(pages).padStart(2)}  ` +
        `images ${String(images).padStart(2)} at ${dpi} dpi${last.omitted ? ` (${last.omitted} issue frames left out)` : ''}  ` +
        `cold ${(cold.ms / 1000).toFixed(2)} s  warm ${(warm[Math.floor(warm.length / 2)] / 1000).toFixed(2)} s (median of ${WARM_RUNS})  → ${file}`,
    );
  } finally {
    await renderer.close();
  }
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'preflight-bench-pdf-'));
  const out = join(work, 'out');
  mkdirSync(out);
  const shortDir = join(work, 'short');
  const hourDir = join(work, 'hour');
  cpSync(SAMPLE, shortDir, { recursive: true });
  grainFrames(shortDir);
  cpSync(shortDir, hourDir, { recursive: true });
  const sample = JSON.parse(readFileSync(join(shortDir, 'report.json'), 'utf8')) as Report;
  const hour = oneHourReport(sample, hourDir);
  writeFileSync(join(hourDir, 'report.json'), JSON.stringify(hour));
  console.log(`short: ${sample.video_info.duration_seconds} s, ${sample.prevention_analytics.prevention_fixes.length} issues; 1 hour: ${hour.prevention_analytics.prevention_fixes.length} issues, ${hour.frames.length} frames`);
  await bench('short', sample, shortDir, out);
  await bench('1-hour', hour, hourDir, out);
  console.log(`PDFs kept in ${out} (look at them: pdftoppm -png -r 60 FILE page)`);
}

void main();
