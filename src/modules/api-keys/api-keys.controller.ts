import { BadRequestException, Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiForbiddenResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Clock } from '../../common/clock';
import { CurrentUser } from '../auth';
import type { User } from '../users';
import { ApiKeyCreatedDto, ApiKeyDto, CreateApiKeyDto } from './api-keys.dto';
import { ApiKeysService } from './api-keys.service';

const SIGNED_IN_ONLY = 'Keys are managed from a signed-in session only: an API key cannot create, list or revoke keys';

/** Settings › API keys. No @KeyScope: an API key never reaches these routes (the auth guard answers 403). */
@ApiTags('api-keys')
@ApiBearerAuth()
@ApiForbiddenResponse({ description: SIGNED_IN_ONLY })
@Controller('api/keys')
export class ApiKeysController {
  constructor(
    private readonly keys: ApiKeysService,
    private readonly clock: Clock,
  ) {}

  @Get()
  @ApiOkResponse({ type: [ApiKeyDto] })
  async listApiKeys(@CurrentUser() user: User): Promise<ApiKeyDto[]> {
    return (await this.keys.list(user.id)).map(ApiKeyDto.from);
  }

  /** A new key; the key itself is in this answer only. */
  @Post()
  @ApiCreatedResponse({ type: ApiKeyCreatedDto })
  async createApiKey(@CurrentUser() user: User, @Body() body: CreateApiKeyDto): Promise<ApiKeyCreatedDto> {
    const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
    if (expiresAt && expiresAt <= this.clock.now()) throw new BadRequestException('expires_at must be in the future');
    const { row, key } = await this.keys.create(user.id, { name: body.name.trim(), scope: body.scope, expiresAt });
    return { ...ApiKeyDto.from(row), key };
  }

  /** Revokes the key at once. */
  @Delete(':keyId')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ description: 'No such key of the caller (or already revoked)' })
  revokeApiKey(@CurrentUser() user: User, @Param('keyId', ParseUUIDPipe) keyId: string): Promise<void> {
    return this.keys.revoke(user.id, keyId);
  }
}
