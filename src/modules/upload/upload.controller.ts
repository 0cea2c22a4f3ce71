import { BadRequestException, Body, Controller, HttpCode, Post, Req, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiBody, ApiConflictResponse, ApiHeader, ApiConsumes, ApiOkResponse, ApiPaymentRequiredResponse, ApiRequestTimeoutResponse, ApiTags, ApiTooManyRequestsResponse, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { CurrentUser, KeyScope } from '../auth';
import { TrialGateInterceptor } from '../subscriptions';
import type { User } from '../users';
import { UploadResponseDto, UploadVideoDto } from './upload.dto';
import { UploadSizeInterceptor } from './upload-size.interceptor';
import { uploadKey } from '../../infra/storage/storage-keys';
import { UploadService } from './upload.service';
import { IdempotencyInterceptor } from './idempotency/idempotency.interceptor';
import { UploadSlotInterceptor } from './upload-slot.interceptor';

@ApiTags('upload')
@ApiBearerAuth()
@KeyScope('write')
@Controller('api/upload')
export class UploadController {
  constructor(private readonly uploads: UploadService) {}

  /** Multipart upload; streams to the store. Large files should use the resumable endpoint /api/upload/tus. */
  @Post()
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadVideoDto })
  @ApiOkResponse({ type: UploadResponseDto })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'Any unique string (a UUID): a retry with the same key gets the first answer (header Idempotent-Replayed: true) and never analyses the video twice; kept 24 h',
  })
  @ApiConflictResponse({ description: 'A request with this Idempotency-Key is still in progress' })
  @ApiPaymentRequiredResponse({ description: 'The free analysis is used up and there is no active plan' })
  @ApiTooManyRequestsResponse({ description: 'The creator already has UPLOADS_PER_USER (5) uploads in progress' })
  @ApiRequestTimeoutResponse({ description: 'The upload stalled (no data for 30 s) or crawled (under 16 kB/s over a minute)' })
  @ApiUnprocessableEntityResponse({ description: 'The file is not a video we can read (ffprobe refused it), has no video stream, or is over an hour; or the Idempotency-Key was used for another request' })
  @UseInterceptors(IdempotencyInterceptor, TrialGateInterceptor, UploadSizeInterceptor, UploadSlotInterceptor, FileInterceptor('file'))
  async uploadVideo(
    @CurrentUser() user: User,
    @UploadedFile() file: Express.Multer.File | undefined,
    @Body() body: Record<string, unknown>,
    @Req() req: { id?: unknown },
  ): Promise<UploadResponseDto> {
    if (!file) throw new BadRequestException('No file uploaded: send the video in the "file" field.');
    const received = { key: uploadKey(file.filename), originalName: file.originalname, mimeType: file.mimetype, size: file.size, protocol: 'multipart' as const };
    return this.uploads.accept(user, received, body, req.id === undefined ? undefined : String(req.id));
  }
}
