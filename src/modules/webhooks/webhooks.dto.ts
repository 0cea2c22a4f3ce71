import { ApiProperty } from '@nestjs/swagger';
import { ArrayMinSize, IsArray, IsIn, IsString, MaxLength } from 'class-validator';
import type { WebhookDelivery } from './webhook-delivery.entity';
import type { WebhookEndpoint } from './webhook-endpoint.entity';
import { WEBHOOK_EVENTS, type WebhookEventType } from './webhook-events';
import { secretNotice } from './webhook-secrets';

export class CreateWebhookEndpointDto {
  @ApiProperty({ maxLength: 2048, example: 'https://hooks.example.com/preflight', description: 'http(s) only; private and loopback addresses are refused in production' })
  @IsString()
  @MaxLength(2048)
  url: string;

  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true, minItems: 1 })
  @IsArray()
  @ArrayMinSize(1, { message: 'events must name at least one event' })
  @IsIn(WEBHOOK_EVENTS, { each: true, message: `each event must be one of: ${WEBHOOK_EVENTS.join(', ')}` })
  events: WebhookEventType[];
}

export class WebhookEndpointDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  url: string;

  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true })
  events: WebhookEventType[];

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'Set when deliveries kept failing; nothing is sent until enabled again' })
  disabled_at: string | null;

  @ApiProperty({ nullable: true, type: String, description: 'The notice the page shows for a disabled endpoint' })
  disabled_reason: string | null;

  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'After a rotation: until when the previous secret also signs deliveries' })
  previous_secret_expires_at: string | null;

  @ApiProperty({ nullable: true, type: String, description: "The notice the page shows about the endpoint's secrets (a rotation in progress, a secret Preflight replaced)" })
  secret_notice: string | null;

  static from(e: WebhookEndpoint, now: Date): WebhookEndpointDto {
    const previousSigns = e.previousSecret && e.previousSecretExpiresAt && e.previousSecretExpiresAt > now;
    return {
      id: e.id,
      url: e.url,
      events: e.events as WebhookEventType[],
      created_at: e.createdAt.toISOString(),
      disabled_at: e.disabledAt?.toISOString() ?? null,
      disabled_reason: e.disabledReason,
      previous_secret_expires_at: previousSigns ? e.previousSecretExpiresAt!.toISOString() : null,
      secret_notice: secretNotice(e, now),
    };
  }
}

export class WebhookEndpointCreatedDto extends WebhookEndpointDto {
  @ApiProperty({ example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', description: 'The signing secret (whsec_ and base64, as Standard Webhooks libraries take it): shown in this answer only' })
  secret: string;
}

export class WebhookDeliveryDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'evt_4f1c…', description: 'The event id, the same on every attempt: deduplicate with it' })
  event_id: string;

  @ApiProperty({ example: 'analysis.completed' })
  event_type: string;

  @ApiProperty({ enum: ['pending', 'delivered', 'failed'] })
  status: string;

  @ApiProperty({ type: 'integer' })
  attempts: number;

  @ApiProperty({ type: 'integer', nullable: true, description: "The receiver's last answer code" })
  response_code: number | null;

  @ApiProperty({ nullable: true, type: String, description: "The first 1 KB of the receiver's last answer" })
  response_excerpt: string | null;

  @ApiProperty({ nullable: true, type: String, description: 'Why the last attempt got no answer (timeout, refused address…)' })
  error: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time', nullable: true, type: String })
  last_attempt_at: string | null;

  static from(d: WebhookDelivery): WebhookDeliveryDto {
    return {
      id: d.id,
      event_id: d.eventId,
      event_type: d.eventType,
      status: d.status,
      attempts: d.attempts,
      response_code: d.responseCode,
      response_excerpt: d.responseExcerpt,
      error: d.error,
      created_at: d.createdAt.toISOString(),
      last_attempt_at: d.lastAttemptAt?.toISOString() ?? null,
    };
  }
}
