import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareWithReport, toReportView, type Report } from '@preflight/shared';
import { buildPdfDocument } from './pdf-document';
import { toPdfView } from './pdf-view';
import { mss as formatMss } from '../../analysis/time';
import { audioBandChart, retentionChart } from './retention-chart';
import { pdfFilename } from './pdf.service';
import { tmpdir } from 'node:os';

const sample = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'assets', 'sample-report', 'report.json'), 'utf8')) as Report;

describe('toPdfView', () => {
  const view = toPdfView(sample);

  it('puts the first 3 fixes of the list (most viewers lost first) as urgent fixes and groups the rest by category, none lost', () => {
    expect(view.urgent).toHaveLength(3);
    expect(view.urgent.map((i) => i.id)).toEqual(toReportView({ ...sample, frames_expired: false }).urgent.map((i) => i.id));
    const rest = view.categories.flatMap((c) => c.issues);
    expect(view.urgent.length + rest.length).toBe(sample.prevention_analytics.prevention_fixes.length);
    for (const group of view.categories) for (const issue of group.issues) expect(issue.category).toBe(group.key);
  });

  it('prints the evidence once: the "(Measured: …)" tail of the description is dropped', () => {
    for (const issue of [...view.urgent, ...view.categories.flatMap((c) => c.issues)]) {
      expect(issue.description).not.toContain('(Measured:');
      expect(issue.evidence.length).toBeGreaterThan(0);
    }
  });

  it('prints what each fix buys and what the fixes would make the score (issue 41)', async () => {
    const fixes = sample.prevention_analytics.prevention_fixes.map((f, i) => ({ ...f, retention_gain_pct: Math.max(0, 12 - i * 3) }));
    const report: Report = {
      ...sample,
      prevention_analytics: { ...sample.prevention_analytics, prevention_fixes: fixes },
      overall_score_and_recommendations: { ...sample.overall_score_and_recommendations, score_if_fixed: 80, fixable_issue_count: fixes.length },
    };
    const printed = toPdfView(report);
    const end = formatMss(sample.video_info.duration_seconds);
    expect(printed.urgent.map((i) => i.gainText)).toEqual([`Fix this: about +12 % still watching at ${end}`, `Fix this: about +9 % still watching at ${end}`, `Fix this: about +6 % still watching at ${end}`]);
    const { html } = await buildPdfDocument({ report, reportDir: tmpdir(), framesAvailable: false, now: new Date(), retentionHours: 24 });
    expect(html).toContain(`${printed.score} now → about 80 with the ${fixes.length} fixes below`);
    for (const issue of [...printed.urgent, ...printed.categories.flatMap((c) => c.issues)]) expect(html).toContain(issue.gainText!);
    // A report made before it existed prints neither.
    expect(view.ifFixed).toBeNull();
    expect(view.urgent.every((i) => i.gainText === null)).toBe(true);
  });

  it('never prints the folders of the uploaded file', () => {
    const withPath = { ...sample, video_info: { ...sample.video_info, original_filename: 'C:\\Users\\ana\\Clients\\acme\\cut-3.mp4' } };
    expect(toPdfView(withPath).filename).toBe('cut-3.mp4');
  });

  it('prints a name with markup as text (the template escapes it; the stored name is never changed for HTML)', async () => {
    const name = '<script>alert(1)</script>.mp4';
    const report = { ...sample, video_info: { ...sample.video_info, original_filename: name } };
    expect(toPdfView(report).filename).toBe(name);
    const { html } = await buildPdfDocument({ report, reportDir: tmpdir(), framesAvailable: false, now: new Date(), retentionHours: 24 });
    expect(html).toContain('<h1>&lt;script&gt;alert(1)&lt;/script&gt;.mp4</h1>');
    expect(html).not.toContain('<script>alert(1)');
  });

  it('picks at most 8 strip frames, in time order', () => {
    expect(view.strip.length).toBeLessThanOrEqual(8);
    const times = view.strip.map((f) => f.seconds);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});

describe('retentionChart', () => {
  it('draws a 1-hour curve with at most ~400 points and numbers the drop-offs in list order', () => {
    const points = Array.from({ length: 3601 }, (_, t) => ({ t, pct: 100 - t / 40 }));
    const chart = retentionChart(points, [{ seconds: 600, timestamp: '10:00', loss: 5 }, { seconds: 1200, timestamp: '20:00', loss: 3 }], 3600);
    expect(chart.line.split(/[ML]/).filter(Boolean).length).toBeLessThanOrEqual(402);
    expect(chart.line.trim().endsWith(`${chart.plot.right} ${Math.round((chart.plot.bottom - (10 / 100) * (chart.plot.bottom - chart.plot.top)) * 10) / 10}`)).toBe(true);
    expect(chart.markers.map((m) => m.number)).toEqual([1, 2]);
    expect(chart.xTicks[0]!.label).toBe('0:00');
  });
});

describe('pdfFilename', () => {
  it('is optimization-report-{filename without extension}.pdf', () => {
    expect(pdfFilename('launch-teaser.v2.mp4')).toBe('optimization-report-launch-teaser.v2.pdf');
    expect(pdfFilename('C:\\clips\\my clip.mov')).toBe('optimization-report-my clip.pdf');
    expect(pdfFilename('noext')).toBe('optimization-report-noext.pdf');
    expect(pdfFilename('<b>cut</b>.mp4')).toBe('optimization-report-<b>cut</b>.pdf');
  });
});

describe('audioBandChart', () => {
  it("lays the sound band on the retention chart's time axis: first stretch at the plot's left edge, last ending at its right", () => {
    const view = toPdfView(sample);
    expect(view.audio.status).toBe('classified');
    const band = audioBandChart(view.audio.bands);
    const chart = retentionChart(view.curve.points, view.dropOffs, view.durationSeconds);
    expect(band.width).toBe(chart.width);
    expect(band.rects[0]!.x).toBe(chart.plot.left);
    const last = band.rects[band.rects.length - 1]!;
    expect(Math.abs(last.x + last.width - chart.plot.right)).toBeLessThanOrEqual(0.2);
    expect(new Set(band.rects.map((r) => r.color)).size).toBe(view.audio.legend.length);
  });
});

describe('toPdfView: word checks', () => {
  it('carries the word checks, or which were not run and why, from the shared view model', () => {
    expect(toPdfView(sample).words.note).toMatch(/^Words not checked: /);
    const note = 'Words not checked: no speech found in the video.';
    const words = toPdfView({ ...sample, word_checks: { transcription: 'no_speech', note, checks: [{ id: 'opening_line', status: 'not_run', evidence: 'Not run: no speech found in the video.' }] } }).words;
    // Checks that did not run take no space among the results: the note says why, once.
    expect(words).toMatchObject({ checked: false, offOnServer: false, note, checks: [], notRun: [] });
    const off = toPdfView({ ...sample, word_checks: { transcription: 'not_configured', note: 'Words not checked: no speech-to-text service is configured (OPENAI_API_KEY).', checks: [] } });
    expect(off.words.offOnServer).toBe(true);
    expect(JSON.stringify(off)).not.toContain('OPENAI_API_KEY');
  });
});

describe('buildPdfDocument with measured retention', () => {
  const dir = join(__dirname, '..', '..', '..', 'assets', 'sample-report');
  const base = { report: sample, reportDir: dir, framesAvailable: false, retentionHours: 48, now: new Date('2026-11-27T00:00:00Z') };

  it('draws the measured curve beside the prediction, says the error in words and marks each drop-off', async () => {
    // The sample (28.3 s) measured after posting: a fall at 10-12 s (the 0:10 drop-off), nothing at 0:26; replays at the start.
    const measured = [0, 3, 9, 10, 12, 20, 26, 28.3].map((t, i) => ({ t_s: t, retention_pct: [104, 88.5, 80, 79.5, 62, 55.5, 50, 48.5][i] }));
    const comparison = compareWithReport(sample, measured);
    const { html } = await buildPdfDocument({ ...base, measured: comparison });
    expect(html).toContain('Predicted and measured retention');
    expect(html).toContain(comparison.summary.replace(/'/g, '&#x27;'));
    expect(html).toContain('stroke="#0891b2"');
    expect(html).toContain('— <b>confirmed by the measured curve</b>');
    expect(html).toContain('— <b>not seen in the measured curve</b>');
    // 104 % does not fit a 0-100 scale: the scale grows to 125 %.
    expect(html).toContain('>125%<');
  });

  it('without one, the chart is the prediction alone and says whether it is calibrated', async () => {
    const { html } = await buildPdfDocument(base);
    expect(html).toContain('Predicted · not measured');
    expect(html).not.toContain('stroke="#0891b2"');
    expect(html).toContain('Uncalibrated: this is the general model');
  });
});
