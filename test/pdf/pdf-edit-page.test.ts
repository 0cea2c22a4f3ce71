import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Report } from '@preflight/shared';
import { editSourceOf, proposeEdit } from '../../src/analysis/edit';
import { ChromiumPdfRenderer } from '../../src/infra/pdf/chromium-pdf-renderer';
import { buildPdfDocument, PDF_PRINT_OPTIONS } from '../../src/modules/pdf/pdf-document';

jest.setTimeout(120_000);

const SAMPLE = join(__dirname, '..', '..', 'assets', 'sample-report');
const SHOTS = join(__dirname, '..', '..', 'test-results', 'screenshots');
const sample = (): Report => JSON.parse(readFileSync(join(SAMPLE, 'report.json'), 'utf8')) as Report;

describe('the PDF\'s "The proposed edit" page', () => {
  let renderer: ChromiumPdfRenderer;
  beforeAll(() => {
    renderer = new ChromiumPdfRenderer({ maxConcurrent: 1 });
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(() => renderer.close());

  const render = async (name: string, edit: ReturnType<typeof proposeEdit> | null) => {
    const document = await buildPdfDocument({ report: sample(), edit, reportDir: SAMPLE, framesAvailable: false, retentionHours: 48, now: new Date('2026-12-08T01:00:00Z') });
    const pdfFile = join(SHOTS, `${name}.pdf`);
    writeFileSync(pdfFile, await renderer.render(document.html, PDF_PRINT_OPTIONS));
    return { html: document.html, text: execFileSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' '), pdfFile };
  };

  it('prints the cuts with their reasons, a switched-off one as kept, the before → after figures and both curves', async () => {
    const proposal = proposeEdit(editSourceOf(sample()));
    // The creator switched the dead air off (as a saved edit re-evaluated would say).
    const deadAir = proposal.cuts.findIndex((c) => c.kind === 'dead_air');
    const edit = { ...proposal, cuts: proposal.cuts.map((c, i) => (i === deadAir ? { ...c, enabled: false } : c)) };
    const { html, text, pdfFile } = await render('pdf-edit-page', edit);
    expect(text).toContain('The proposed edit');
    for (const cut of edit.cuts) expect(text).toContain(cut.reason.replace(/\s+/g, ' '));
    expect(text).toContain(`${edit.cuts[deadAir]!.reason} — kept (switched off)`);
    const s1 = (n: number) => (Math.round(n * 10) / 10).toFixed(1);
    expect(text).toContain(`${s1(edit.before.duration_s)} s → ${s1(edit.after.duration_s)} s long; ${Math.round(edit.before.end_share_pct)} % → ${Math.round(edit.after.end_share_pct)} % still watching at the end`);
    // Fixes a finding: the slow start answers the hook finding.
    expect(text).toMatch(/Fixes: \S/);
    // The chart: one shaded band per enabled cut, the after-curve drawn.
    const page = html.slice(html.indexOf('The proposed edit'));
    expect(page.match(/fill-opacity="0.12"/g)).toHaveLength(edit.cuts.filter((c) => c.enabled).length);
    expect(page).toMatch(/stroke="#059669"/);
    // On its own page: pdftoppm draws every page for a person to look at.
    execFileSync('pdftoppm', ['-png', '-r', '70', pdfFile, join(SHOTS, 'pdf-edit-page')]);
  });

  it('says so when nothing is worth removing, and prints no page for a report without an edit', async () => {
    const none = { ...proposeEdit(editSourceOf(sample())), cuts: [], note: 'Nothing to remove: every silence is shorter than 0.6 s.' };
    expect((await render('pdf-edit-none', none)).text).toContain('The proposed edit Nothing to remove: every silence is shorter than 0.6 s.');
    expect((await render('pdf-edit-absent', null)).text).not.toContain('The proposed edit');
  });
});
