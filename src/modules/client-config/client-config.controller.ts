import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth/public.decorator';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

class FirebaseWebConfigDto {
  @ApiProperty() apiKey: string;
  @ApiProperty() authDomain: string;
  @ApiProperty() projectId: string;
}

export class PublicConfigDto {
  @ApiProperty({ type: FirebaseWebConfigDto }) firebase: FirebaseWebConfigDto;
  @ApiProperty({ type: String, nullable: true, description: 'Auth emulator URL (development and tests only)' })
  authEmulatorUrl: string | null;
  @ApiProperty() contactEmail: string;
}

/** What the browser app needs at start: one build serves every deployment. */
@ApiTags('config')
@Public()
@Controller('public/config')
export class ClientConfigController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get()
  @ApiOkResponse({ type: PublicConfigDto })
  getPublicConfig(): PublicConfigDto {
    const { firebase } = this.config;
    return {
      firebase: { apiKey: firebase.apiKey, authDomain: firebase.authDomain, projectId: firebase.projectId },
      authEmulatorUrl: firebase.authEmulatorHost ? `http://${firebase.authEmulatorHost}` : null,
      contactEmail: this.config.contactEmail,
    };
  }
}
