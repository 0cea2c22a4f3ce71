import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { WebhookDeliveryProcessor } from './webhook-delivery.processor';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookEndpoint } from './webhook-endpoint.entity';

/** Worker-only: the webhooks queue's processor. */
@Module({ imports: [TypeOrmModule.forFeature([WebhookEndpoint, WebhookDelivery])], providers: [WebhookDeliveryProcessor] })
export class WebhooksWorkerModule {}
