import { SkipThrottle } from '@nestjs/throttler';
import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { publicConfigOf, PublicConfigDto } from './public-config';

/** What the browser app needs at start: one build serves every deployment. */
@ApiTags('config')
// Static runtime settings every page load fetches once: no budget to spend on them.
@SkipThrottle({ public: true })
@Public()
@Controller('public/config')
export class ClientConfigController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get()
  @ApiOkResponse({ type: PublicConfigDto })
  getPublicConfig(): PublicConfigDto {
    return publicConfigOf(this.config);
  }
}
