import { Module } from '@nestjs/common';
import { ReportsModule } from '../reports';
import { ShareModule } from '../share';
import { CreatorPagesRenderer } from './creator-pages-renderer';
import { PublicPagesRenderer } from './public-pages-renderer';
import { SharedPageRenderer } from './shared-page-renderer';

/**
 * The web app's pages, served and rendered on the server (docs/architecture.md, "Server-side rendering"): the shared
 * report, the creator's pages (analysis, dashboard) and the public ones (landing, pricing). servePages mounts them.
 */
@Module({
  imports: [ReportsModule, ShareModule],
  providers: [SharedPageRenderer, CreatorPagesRenderer, PublicPagesRenderer],
  exports: [SharedPageRenderer, CreatorPagesRenderer, PublicPagesRenderer],
})
export class PagesModule {}
