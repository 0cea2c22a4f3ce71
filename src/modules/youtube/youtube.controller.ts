import { BadRequestException, Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiProperty,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { MeasuredRetentionView, YoutubeConnectionView } from '@preflight/shared';
import { z } from 'zod';
import { reportSchemaRef } from '../../report-contract.openapi';
import { Auth, CurrentUser, type RequestAuth } from '../auth';
import type { User } from '../users';
import { YoutubeConnectionService } from './youtube-connection.service';
import { YoutubeImportService } from './youtube-import.service';

class YoutubeConnectionDto implements YoutubeConnectionView {
  @ApiProperty({ description: 'This server can connect YouTube (false: import from YouTube is not set up here)' }) available: boolean;
  @ApiProperty({ enum: ['not_connected', 'connected', 'withdrawn'], description: 'withdrawn: Google refused the stored access; connect again' })
  status: 'not_connected' | 'connected' | 'withdrawn';
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) connected_at: string | null;
}

class AuthorizationUrlDto {
  @ApiProperty({ description: "Google's consent page: open it; Google returns to /app/settings/youtube with code and state" })
  authorization_url: string;
}

class CompleteConnectionDto {
  @ApiProperty({ maxLength: 2048 }) code: string;
  @ApiProperty({ maxLength: 2048 }) state: string;
}

class DisconnectedDto {
  @ApiProperty({ description: 'Google withdrew the access too (false: it could not be reached; the tokens are deleted here anyway)' })
  revoked_at_google: boolean;
}

class YoutubeImportDto {
  @ApiProperty({ description: 'The posted video: its link (youtube.com/watch, /shorts/, youtu.be, YouTube Studio) or its 11-character id', maxLength: 300 })
  video: string;
}

const CompleteSchema = z.object({ code: z.string().min(1).max(2048), state: z.string().min(1).max(2048) }).strict();

/** The creator's own YouTube connection (docs/api.md, YouTube): every route acts on the caller's row only. */
@ApiTags('youtube')
@ApiBearerAuth()
@Controller('api/youtube/connection')
export class YoutubeConnectionController {
  constructor(private readonly connections: YoutubeConnectionService) {}

  @Get()
  @ApiOkResponse({ type: YoutubeConnectionDto })
  getYoutubeConnection(@CurrentUser() user: User): Promise<YoutubeConnectionView> {
    return this.connections.view(user.id);
  }

  /** Google's consent page for the caller (scope yt-analytics.readonly); the state is bound to the caller. */
  @Post('start')
  @HttpCode(200)
  @ApiOkResponse({ type: AuthorizationUrlDto })
  @ApiServiceUnavailableResponse({ description: 'YouTube import is not set up on this server' })
  startYoutubeConnection(@CurrentUser() user: User): AuthorizationUrlDto {
    return this.connections.start(user.id);
  }

  /** Completes the connection with the code and state Google returned to the web app. */
  @Post()
  @HttpCode(200)
  @ApiBody({ type: CompleteConnectionDto })
  @ApiOkResponse({ type: YoutubeConnectionDto })
  @ApiBadRequestResponse({ description: 'The state is not the caller’s or expired, or Google refused the code or the permission' })
  @ApiServiceUnavailableResponse({ description: 'Google could not be reached, or YouTube import is not set up' })
  completeYoutubeConnection(@CurrentUser() user: User, @Body() body: unknown): Promise<YoutubeConnectionView> {
    const parsed = CompleteSchema.safeParse(body);
    if (!parsed.success) throw new BadRequestException('Send { "code": "…", "state": "…" } as Google returned them.');
    return this.connections.complete(user.id, parsed.data.code, parsed.data.state);
  }

  /** Revokes the access at Google and deletes the tokens. */
  @Delete()
  @HttpCode(200)
  @ApiOkResponse({ type: DisconnectedDto })
  @ApiNotFoundResponse({ description: 'YouTube is not connected' })
  disconnectYoutube(@CurrentUser() user: User): Promise<DisconnectedDto> {
    return this.connections.disconnect(user.id);
  }
}

/** Measured retention of the caller's report from the caller's YouTube connection. */
@ApiTags('measured-retention')
@ApiBearerAuth()
@Controller('api/reports/:reportId/measured-retention/youtube')
export class YoutubeImportController {
  constructor(private readonly imports: YoutubeImportService) {}

  /** Imports the posted video's audience retention (YouTube Analytics) as the report's measured curve. */
  @Post()
  @HttpCode(200)
  @ApiBody({ type: YoutubeImportDto })
  @ApiOkResponse({ schema: reportSchemaRef('MeasuredRetentionView') })
  @ApiBadRequestResponse({ description: 'Not a YouTube video, or not one of the connected channel' })
  @ApiNotFoundResponse({ description: 'No such report of the caller' })
  @ApiConflictResponse({ description: 'Not connected, access withdrawn, analysis not finished, or no retention data yet' })
  @ApiServiceUnavailableResponse({ description: 'Google could not be reached, or YouTube import is not set up' })
  importFromYoutube(@Auth() auth: RequestAuth, @Param('reportId', ParseUUIDPipe) reportId: string, @Body() body: unknown): Promise<MeasuredRetentionView> {
    return this.imports.importInto(auth, reportId, body);
  }
}
