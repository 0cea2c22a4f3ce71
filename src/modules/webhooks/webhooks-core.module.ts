import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookEndpoint } from './webhook-endpoint.entity';
import { WebhooksService } from './webhooks.service';

/** Endpoints and events, for whatever emits them (analysis worker, share links, billing) and the settings routes. */
@Module({ imports: [TypeOrmModule.forFeature([WebhookEndpoint, WebhookDelivery])], providers: [WebhooksService], exports: [WebhooksService] })
export class WebhooksCoreModule {}
