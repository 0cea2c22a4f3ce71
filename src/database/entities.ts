import { WebhookDelivery } from '../modules/webhooks/webhook-delivery.entity';
import { WebhookEndpoint } from '../modules/webhooks/webhook-endpoint.entity';
import { ApiKey } from '../modules/api-keys/api-key.entity';
import { ReportEdit } from '../modules/edit/report-edit.entity';
import { MeasuredRetention } from '../modules/measured-retention/measured-retention.entity';
import { Report } from '../modules/reports/report.entity';
import { ShareLink } from '../modules/reports/share-link.entity';
import { StripeEvent } from '../modules/subscriptions/stripe-event.entity';
import { Subscription } from '../modules/subscriptions/subscription.entity';
import { User } from '../modules/users/user.entity';
import { YoutubeConnection } from '../modules/youtube/youtube-connection.entity';

/** Every entity, in one list shared by the app, the worker and the migration CLI. */
export const ENTITIES = [User, Report, Subscription, StripeEvent, ShareLink, ApiKey, MeasuredRetention, WebhookEndpoint, WebhookDelivery, YoutubeConnection, ReportEdit];
