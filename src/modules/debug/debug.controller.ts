import { Controller, Get, Headers, Inject, NotFoundException } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Public, TokenVerifier } from '../auth';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

export class AuthTestDto {
  @ApiProperty() verified: boolean;
  @ApiProperty({ type: String, nullable: true }) uid: string | null;
  @ApiProperty({ description: 'Why the token did not verify, or "ok"' }) reason: string;
  @ApiProperty() projectId: string;
  @ApiProperty() emulator: boolean;
}

/** Diagnostic (docs/product.md, Endpoints): did the presented token verify, and for whom. Not mounted in production. */
@ApiTags('debug')
@Public()
@Controller('debug')
export class DebugController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly verifier: TokenVerifier,
  ) {}

  @Get('auth-test')
  @ApiOkResponse({ type: AuthTestDto })
  async authTest(@Headers('authorization') authorization?: string): Promise<AuthTestDto> {
    if (!this.config.debugRoutes) throw new NotFoundException('Resource not found');
    const base = { projectId: this.config.firebase.projectId, emulator: this.config.firebase.authEmulatorHost !== null };
    const auth = await this.verifier.authenticate(authorization);
    if (auth.kind === 'verified') return { ...base, verified: true, uid: auth.identity.uid, reason: 'ok' };
    return { ...base, verified: false, uid: null, reason: auth.kind === 'invalid' ? auth.reason : 'no bearer token presented' };
  }
}
