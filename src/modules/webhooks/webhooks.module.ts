import { Module } from '@nestjs/common';
import { WebhooksController } from './webhooks.controller';
import { WebhooksCoreModule } from './webhooks-core.module';

@Module({ imports: [WebhooksCoreModule], controllers: [WebhooksController] })
export class WebhooksModule {}
