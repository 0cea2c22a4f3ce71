import { Logger, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { loadConfig } from '../../config/app-config';
import type { PageRequest } from './serve-client';
import type { ClientRenderer } from './client-renderer';
import { clientRendererWith } from '../../../test/support/client-renderer-fake';
import { Authenticator, type Authentication, type TokenVerifier } from '../auth';
import type { ApiKeysService } from '../api-keys';
import type { User, UsersService } from '../users';
import { CreatorPagesRenderer } from './creator-pages-renderer';
import type { ReportAccess, Report, SignedReportReader } from '../reports';

const ID = '0b6f5a3e-2c1d-4e8f-9a7b-123456789abc';
const TOKEN = 'eyJhbGciOiJub25lIn0.eyJ1aWQiOiJ1MSJ9.';
const entryHtml = () => Promise.resolve('<html>');
const page = (url: string, cookie: string | undefined = `a=1; preflight_page_session=${TOKEN}`): PageRequest => ({ path: url.split('?')[0], url, cookie });
const CREATOR = { id: 'user-1' } as User;
const verified: Authentication = { kind: 'verified', identity: { uid: 'u1', name: 'Ada', email: 'ada@example.com' } };

const echoing = clientRendererWith({
  renderAnalysisPage: (template, p) => Promise.resolve(`${template}|${p.path}|${p.reportId}|${p.session.displayName}|${(p.report as { title: string }).title}`),
  renderDashboardPage: (template, p) => Promise.resolve(`${template}|${p.path}|dashboard|${p.session.uid}|${p.session.displayName}|${p.session.email}`),
  renderPricingPage: (template, p) => Promise.resolve(`${template}|${p.path}|pricing|${p.session?.uid}`),
});

function rendererWith({
  auth = verified,
  report = { id: ID, status: 'completed' } as Report,
  access = () => Promise.resolve({ report, share: null }),
  client = echoing,
}: { auth?: Authentication; report?: Report; access?: ReportAccess['requireReport']; client?: ClientRenderer | null } = {}) {
  const verifier = { authenticate: jest.fn(() => Promise.resolve(auth)) };
  const reports = { requireReport: jest.fn(access) };
  // The real Authenticator (cookie, token shape, verification, the creator's row), with the token verifier faked.
  const users = { findByFirebaseUid: jest.fn(() => Promise.resolve(CREATOR)) };
  const authenticator = new Authenticator(verifier as unknown as TokenVerifier, users as unknown as UsersService, {} as ApiKeysService);
  const reader = { read: jest.fn(() => Promise.resolve({ title: 'served' })) };
  const renderer = new (class extends CreatorPagesRenderer {
    protected override load() {
      return Promise.resolve(client);
    }
  })(authenticator, reports as unknown as ReportAccess, reader as unknown as SignedReportReader, loadConfig({}));
  return { renderer, verifier, reports, reader };
}

describe('CreatorPagesRenderer', () => {
  beforeEach(() => jest.spyOn(Logger.prototype, 'error').mockImplementation(() => {}));
  afterEach(() => jest.restoreAllMocks());

  it('renders the owner’s finished report, read as the report file endpoint reads it for their token', async () => {
    const { renderer, verifier, reports, reader } = rendererWith();
    const html = await renderer.render(page(`/app/analysis?id=${ID}`), entryHtml);
    expect(html).toBe(`<html>|/app/analysis?id=${ID}|${ID}|Ada|served`);
    expect(verifier.authenticate).toHaveBeenCalledWith(`Bearer ${TOKEN}`);
    expect(verifier.authenticate).toHaveBeenCalledTimes(1); // the report is read for the identity verified once
    expect(reports.requireReport).toHaveBeenCalledWith(expect.objectContaining({ how: 'session', user: CREATOR, share: null }), ID, 'report.read');
    expect(reader.read).toHaveBeenCalledWith(expect.objectContaining({ id: ID }), null);
  });

  it('renders the dashboard with the creator from their token, reading no report', async () => {
    const { renderer, verifier, reports } = rendererWith();
    expect(await renderer.render(page('/app/dashboard'), entryHtml)).toBe('<html>|/app/dashboard|dashboard|u1|Ada|ada@example.com');
    expect(verifier.authenticate).toHaveBeenCalledWith(`Bearer ${TOKEN}`);
    expect(reports.requireReport).not.toHaveBeenCalled();
    const { renderer: expired } = rendererWith({ auth: { kind: 'invalid', reason: 'expired' } });
    expect(await expired.render(page('/app/dashboard'), entryHtml)).toBeNull();
    expect(await renderer.render(page('/app/dashboard', 'a=1'), entryHtml)).toBeNull();
  });

  it('renders the pricing page as it reads to the creator of the cookie; without one, it is not theirs to render', async () => {
    const { renderer } = rendererWith();
    expect(await renderer.render(page('/app/pricing'), entryHtml)).toBe('<html>|/app/pricing|pricing|u1');
    expect(await renderer.render(page('/app/pricing', 'a=1'), entryHtml)).toBeNull();
  });

  it('leaves other pages, and requests without a usable id or cookie, to the browser without verifying anything', async () => {
    const { renderer, verifier } = rendererWith();
    const requests = [
      page(`/app/upload?id=${ID}`),
      page('/app/pricing?checkout=cancelled'),
      page('/app/login'),
      page('/app/analysis'),
      page('/app/analysis?id=not-a-uuid'),
      page(`/app/analysis?id=${ID}`, 'a=1'),
      page(`/app/analysis?id=${ID}`, 'preflight_page_session='),
      page(`/app/analysis?id=${ID}`, 'preflight_page_session=<script>'),
      page(`/app/analysis?id=${ID}`, `preflight_page_session=${'a'.repeat(5000)}.b.c`),
    ];
    for (const request of requests) expect(await renderer.render(request, entryHtml)).toBeNull();
    expect(verifier.authenticate).not.toHaveBeenCalled();
  });

  it('leaves an invalid token, another creator’s report and an unfinished one to the browser, quietly', async () => {
    const cases = [
      rendererWith({ auth: { kind: 'invalid', reason: 'expired' } }),
      rendererWith({ access: () => Promise.reject(new NotFoundException('Report not found')) }),
      rendererWith({ access: () => Promise.reject(new UnauthorizedException('Invalid or expired authentication token')) }),
      rendererWith({ report: { id: ID, status: 'processing' } as Report }),
    ];
    for (const { renderer } of cases) expect(await renderer.render(page(`/app/analysis?id=${ID}`), entryHtml)).toBeNull();
    expect(cases[0].reports.requireReport).not.toHaveBeenCalled();
    expect(Logger.prototype.error).not.toHaveBeenCalled();
  });

  it('falls back to the browser, and logs, when rendering fails or there is no renderer', async () => {
    const failing: ClientRenderer = { ...echoing, renderAnalysisPage: () => Promise.reject(new Error('window is not defined')) };
    expect(await rendererWith({ client: failing }).renderer.render(page(`/app/analysis?id=${ID}`), entryHtml)).toBeNull();
    expect(Logger.prototype.error).toHaveBeenCalledWith(expect.stringContaining('window is not defined'));
    expect(await rendererWith({ client: null }).renderer.render(page(`/app/analysis?id=${ID}`), entryHtml)).toBeNull();
  });

});
