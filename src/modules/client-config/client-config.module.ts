import { Module } from '@nestjs/common';
import { ClientConfigController } from './client-config.controller';
import { LandingPageRenderer } from './landing-page-renderer';

/** GET /public/config: what the web app needs before sign-in (Firebase web config, billing availability); the landing page's server rendering. */
@Module({ controllers: [ClientConfigController], providers: [LandingPageRenderer], exports: [LandingPageRenderer] })
export class ClientConfigModule {}
