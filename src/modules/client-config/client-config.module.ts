import { Module } from '@nestjs/common';
import { ClientConfigController } from './client-config.controller';

/** GET /public/config: what the web app needs before sign-in (Firebase web config, billing availability). */
@Module({ controllers: [ClientConfigController] })
export class ClientConfigModule {}
