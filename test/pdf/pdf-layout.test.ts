import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Report } from '@preflight/shared';
import { ChromiumPdfRenderer } from '../../src/infra/pdf/chromium-pdf-renderer';
import { buildPdfDocument, PDF_PRINT_OPTIONS } from '../../src/modules/pdf/pdf-document';

jest.setTimeout(120_000);

const SAMPLE = join(__dirname, '..', '..', 'assets', 'sample-report');
const SHOTS = join(__dirname, '..', '..', 'test-results', 'screenshots');
const sample = (): Report => JSON.parse(readFileSync(join(SAMPLE, 'report.json'), 'utf8')) as Report;
/** A report from a server without speech-to-text, as such servers wrote it before setting names were kept out. */
const OLD_NOTE = 'Words not checked: no speech-to-text service is configured (OPENAI_API_KEY).';
const withWordsOff = (report: Report): Report => ({
  ...report,
  word_checks: {
    transcription: 'not_configured',
    note: OLD_NOTE,
    checks: (['opening_line', 'call_to_action'] as const).map((id) => ({ id, status: 'not_run' as const, evidence: `Not run: ${OLD_NOTE.slice(19)}` })),
  },
});

describe('the PDF report: fixes first, no server talk, frames at their own shape', () => {
  let renderer: ChromiumPdfRenderer;
  let pdfFile: string;
  let text: string;

  beforeAll(async () => {
    renderer = new ChromiumPdfRenderer({ maxConcurrent: 1 });
    const document = await buildPdfDocument({ report: withWordsOff(sample()), reportDir: SAMPLE, framesAvailable: true, retentionHours: 48, now: new Date('2026-11-27T03:00:00Z') });
    expect(document.images).toBeGreaterThan(0);
    mkdirSync(SHOTS, { recursive: true });
    pdfFile = join(SHOTS, 'pdf-layout.pdf');
    writeFileSync(pdfFile, await renderer.render(document.html, PDF_PRINT_OPTIONS));
    text = execFileSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' });
    // Every page as an image, for a person to look at (test-results/screenshots/pdf-layout-N.png).
    for (const old of readdirSync(SHOTS).filter((name) => name.startsWith('pdf-layout') && name.endsWith('.png'))) rmSync(join(SHOTS, old));
    execFileSync('pdftoppm', ['-png', '-r', '70', pdfFile, join(SHOTS, 'pdf-layout')]);
  });
  afterAll(async () => {
    await renderer.close();
  });

  it('prints the score, then the urgent fixes, then the retention curve, then everything else', () => {
    const at = (heading: string) => {
      const index = text.indexOf(heading);
      expect(index).toBeGreaterThan(-1);
      return index;
    };
    const firstFix = sample().prevention_analytics.prevention_fixes.length > 0;
    expect(firstFix).toBe(true);
    expect(at('/ 100')).toBeLessThan(at('Urgent fixes'));
    expect(at('Urgent fixes')).toBeLessThan(at('Predicted retention'));
    expect(at('Predicted retention')).toBeLessThan(at('Platform checks'));
    expect(at('Platform checks')).toBeLessThan(at('Frames'));
  });

  it('says nothing about the server: no word checks section, no "Not run", no setting name', () => {
    expect(text).not.toContain('Word checks');
    expect(text).not.toMatch(/Not run|speech-to-text|OPENAI|[A-Z]{3,}_[A-Z]{3,}/);
  });

  /** Each embedded image's resolution across and down (pdfimages -list: … x-ppi y-ppi …); a stretched one differs. */
  const resolutions = (file: string) =>
    execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .slice(2)
      .map((row) => row.trim().split(/\s+/))
      .filter((cols) => cols[2] === 'image')
      .map((cols) => ({ x: Number(cols[12]), y: Number(cols[13]) }));

  it('prints every frame of a vertical video at its own shape: as many dots per inch across as down', () => {
    const images = resolutions(pdfFile);
    expect(images.length).toBeGreaterThan(0);
    for (const { x, y } of images) expect(Math.abs(x - y) / x).toBeLessThan(0.03);
  });

  it('keeps a landscape frame beside a long fix at its shape (a flex row stretched it to the text before)', async () => {
    // The sample with 16:9 frames: an issue's text is taller than a 44 mm wide landscape frame, the case that stretched.
    const dir = mkdtempSync(join(tmpdir(), 'preflight-pdf-landscape-'));
    try {
      cpSync(SAMPLE, dir, { recursive: true });
      for (const name of readdirSync(join(dir, 'frames'))) {
        execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360', '-frames:v', '1', join(dir, 'frames', name)]);
      }
      const report = sample();
      report.video_info = { ...report.video_info, width: 640, height: 360, orientation: 'horizontal', aspect_ratio: '16:9' };
      const document = await buildPdfDocument({ report, reportDir: dir, framesAvailable: true, retentionHours: 48, now: new Date('2026-11-27T03:00:00Z') });
      const file = join(SHOTS, 'pdf-layout-landscape.pdf');
      writeFileSync(file, await renderer.render(document.html, PDF_PRINT_OPTIONS));
      execFileSync('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', file, join(SHOTS, 'pdf-layout-landscape')]);
      const images = resolutions(file);
      expect(images.length).toBeGreaterThan(0);
      for (const { x, y } of images) expect(Math.abs(x - y) / x).toBeLessThan(0.03);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
