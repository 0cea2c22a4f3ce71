import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBearerAuth, ApiConflictResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Clock } from '../../common/clock';
import { CurrentUser } from '../auth';
import type { User } from '../users';
import type { WebhookEndpoint } from './webhook-endpoint.entity';
import { CreateWebhookEndpointDto, WebhookDeliveryDto, WebhookEndpointCreatedDto, WebhookEndpointDto } from './webhooks.dto';
import { WebhooksService } from './webhooks.service';

/** Settings › Webhooks. No @KeyScope: an API key cannot add a place to send the creator's data. */
@ApiTags('webhooks')
@ApiBearerAuth()
@ApiForbiddenResponse({ description: 'Webhook endpoints are managed from a signed-in session only, not with an API key' })
@Controller('api/webhook-endpoints')
export class WebhooksController {
  constructor(
    private readonly webhooks: WebhooksService,
    private readonly clock: Clock,
  ) {}

  private view = (row: WebhookEndpoint) => WebhookEndpointDto.from(row, this.clock.now());

  @Get()
  @ApiOkResponse({ type: [WebhookEndpointDto] })
  async listWebhookEndpoints(@CurrentUser() user: User): Promise<WebhookEndpointDto[]> {
    return (await this.webhooks.list(user.id)).map(this.view);
  }

  /** A new endpoint; its signing secret is in this answer only. */
  @Post()
  @ApiCreatedResponse({ type: WebhookEndpointCreatedDto })
  async createWebhookEndpoint(@CurrentUser() user: User, @Body() body: CreateWebhookEndpointDto): Promise<WebhookEndpointCreatedDto> {
    const { row, secret } = await this.webhooks.create(user.id, body.url, body.events);
    return { ...this.view(row), secret };
  }

  @Delete(':endpointId')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ description: 'No such endpoint of the caller' })
  deleteWebhookEndpoint(@CurrentUser() user: User, @Param('endpointId', ParseUUIDPipe) endpointId: string): Promise<void> {
    return this.webhooks.remove(user.id, endpointId);
  }

  /** Sends to a disabled endpoint again. */
  @Post(':endpointId/enable')
  @HttpCode(200)
  @ApiOkResponse({ type: WebhookEndpointDto })
  @ApiNotFoundResponse({ description: 'No such endpoint of the caller' })
  async enableWebhookEndpoint(@CurrentUser() user: User, @Param('endpointId', ParseUUIDPipe) endpointId: string): Promise<WebhookEndpointDto> {
    return this.view(await this.webhooks.enable(user.id, endpointId));
  }

  /**
   * A new signing secret, in this answer only. The secret the receiver holds keeps signing deliveries for 24 h
   * (webhook-signature lists both), so the receiver can switch without losing an event.
   */
  @Post(':endpointId/rotate-secret')
  @HttpCode(200)
  @ApiOkResponse({ type: WebhookEndpointCreatedDto })
  @ApiNotFoundResponse({ description: 'No such endpoint of the caller' })
  @ApiConflictResponse({ description: 'The secret was rotated at the same moment by another request' })
  async rotateWebhookSecret(@CurrentUser() user: User, @Param('endpointId', ParseUUIDPipe) endpointId: string): Promise<WebhookEndpointCreatedDto> {
    const { row, secret } = await this.webhooks.rotateSecret(user.id, endpointId);
    return { ...this.view(row), secret };
  }

  /** "Send a test event": a webhook.test event, delivered by the worker like any other. */
  @Post(':endpointId/test')
  @HttpCode(202)
  @ApiAcceptedResponse({ type: WebhookDeliveryDto })
  @ApiNotFoundResponse({ description: 'No such endpoint of the caller' })
  async sendWebhookTest(@CurrentUser() user: User, @Param('endpointId', ParseUUIDPipe) endpointId: string): Promise<WebhookDeliveryDto> {
    return WebhookDeliveryDto.from(await this.webhooks.sendTest(user.id, endpointId));
  }

  /** The delivery log: the latest 50 deliveries, newest first. */
  @Get(':endpointId/deliveries')
  @ApiOkResponse({ type: [WebhookDeliveryDto] })
  @ApiNotFoundResponse({ description: 'No such endpoint of the caller' })
  async listWebhookDeliveries(@CurrentUser() user: User, @Param('endpointId', ParseUUIDPipe) endpointId: string): Promise<WebhookDeliveryDto[]> {
    return (await this.webhooks.log(user.id, endpointId)).map(WebhookDeliveryDto.from);
  }
}
