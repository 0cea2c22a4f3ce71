import { Module } from '@nestjs/common';
import { ClientConfigController } from './client-config.controller';
import { PublicPagesRenderer } from './public-pages-renderer';

/**
 * GET /public/config: what the web app needs before sign-in (Firebase web config, billing availability); the public
 * pages' server rendering.
 */
@Module({ controllers: [ClientConfigController], providers: [PublicPagesRenderer], exports: [PublicPagesRenderer] })
export class ClientConfigModule {}
