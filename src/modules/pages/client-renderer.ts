import { Logger } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublicConfigDto } from '../client-config';

/** The web app's server renderer (client/src/entry-server.tsx, built to client/dist-server beside client/dist). */
export interface ClientRenderer {
  renderSharedReportPage(template: string, page: { path: string; token: string; config: PublicConfigDto; report: object }): Promise<string>;
  renderAnalysisPage(
    template: string,
    page: { path: string; reportId: string; config: PublicConfigDto; session: PageSession; report: object },
  ): Promise<string>;
  renderDashboardPage(template: string, page: { path: string; config: PublicConfigDto; session: PageSession }): Promise<string>;
  renderLandingPage(template: string, page: { path: string; config: PublicConfigDto }): Promise<string>;
  renderPricingPage(template: string, page: { path: string; config: PublicConfigDto; session: PageSession | null }): Promise<string>;
}

/** The signed-in creator a page renders for. */
export interface PageSession {
  uid: string;
  displayName: string | null;
  email: string | null;
}

/** Loads the renderer the client build made, or null when there is none (a build without it, or tests of the API alone). */
export async function loadClientRenderer(clientDistDir: string): Promise<ClientRenderer | null> {
  const file = join(clientDistDir, '..', 'dist-server', 'entry-server.mjs');
  return existsSync(file) ? ((await import(pathToFileURL(file).href)) as ClientRenderer) : null;
}

/**
 * Base of the pages the API renders with the client's renderer (the landing and pricing pages, the shared report, a
 * creator's own pages). Each answers null for what it does not render, and the page is then served as the browser
 * renders it.
 */
export abstract class ClientRenderedPages {
  protected readonly logger = new Logger(this.constructor.name);
  private renderer: Promise<ClientRenderer | null> | null = null;

  protected constructor(private readonly clientDistDir: string) {}

  /** Replaced in tests. */
  protected load(): Promise<ClientRenderer | null> {
    return loadClientRenderer(this.clientDistDir);
  }

  /** The renderer, loaded once; null when the build has none or it would not load (logged once). */
  protected clientRenderer(): Promise<ClientRenderer | null> {
    this.renderer ??= this.load().catch((error: unknown) => {
      this.logger.error(`the client's server renderer did not load: ${String(error)}`);
      return null;
    });
    return this.renderer;
  }
}
