import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ChromiumPdfRenderer } from './chromium-pdf-renderer';

/** The process's one Chromium: warmed at start (without delaying it), closed on shutdown. */
@Injectable()
export class PdfRendererService extends ChromiumPdfRenderer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PdfRendererService.name);

  onApplicationBootstrap(): void {
    this.start().then(
      () => this.logger.log('Chromium started for PDF rendering'),
      (error: unknown) => this.logger.error(`Chromium did not start (renders will retry): ${error instanceof Error ? error.message : error}`),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }
}
