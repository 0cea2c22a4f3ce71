import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDateString, IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { API_KEY_SCOPES, type ApiKey, type ApiKeyScope } from './api-key.entity';

export class CreateApiKeyDto {
  @ApiProperty({ minLength: 1, maxLength: 80, description: 'What the key is for, e.g. "Scheduling tool"' })
  @IsString()
  @MinLength(1, { message: 'name must not be empty' })
  @MaxLength(80, { message: 'name must be at most 80 characters' })
  @Matches(/\S/, { message: 'name must not be empty' })
  name: string;

  @ApiProperty({ enum: API_KEY_SCOPES, description: 'read: reports, status, PDF, markers; write: also upload, re-derive and share' })
  @IsIn(API_KEY_SCOPES, { message: `scope must be one of: ${API_KEY_SCOPES.join(', ')}` })
  scope: ApiKeyScope;

  @ApiPropertyOptional({ format: 'date-time', description: 'When the key stops working; none = until revoked. Must be in the future.' })
  @IsOptional()
  @IsDateString({}, { message: 'expires_at must be an ISO 8601 date-time' })
  expires_at?: string;
}

/** One key as its creator sees it (never the key itself). */
export class ApiKeyDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  name: string;

  @ApiProperty({ enum: API_KEY_SCOPES })
  scope: ApiKeyScope;

  @ApiProperty({ example: 'pf_live_a1B2c3', description: 'The first characters of the key, to recognise it' })
  prefix: string;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time', nullable: true, type: String })
  expires_at: string | null;

  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'To the minute' })
  last_used_at: string | null;

  @ApiProperty({ nullable: true, type: String, description: 'The address of the last request made with the key' })
  last_used_ip: string | null;

  static from(key: ApiKey): ApiKeyDto {
    return {
      id: key.id,
      name: key.name,
      scope: key.scope,
      prefix: key.prefix,
      created_at: key.createdAt.toISOString(),
      expires_at: key.expiresAt?.toISOString() ?? null,
      last_used_at: key.lastUsedAt?.toISOString() ?? null,
      last_used_ip: key.lastUsedIp,
    };
  }
}

export class ApiKeyCreatedDto extends ApiKeyDto {
  @ApiProperty({ example: 'pf_live_a1B2c3…', description: 'The key itself: shown in this answer only, store it now' })
  key: string;
}
