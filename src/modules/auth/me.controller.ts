import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from './request-auth';
import { MeDto } from './me.dto';
import type { User } from '../users';
import { KeyScope } from './key-scope.decorator';

@ApiTags('users')
@ApiBearerAuth()
@KeyScope('read')
@Controller('api/me')
export class MeController {
  @Get()
  @ApiOkResponse({ type: MeDto })
  getMe(@CurrentUser() user: User): MeDto {
    return MeDto.from(user);
  }
}
