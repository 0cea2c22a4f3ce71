import { Controller, Get, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth';
import { EditDto } from './edit.dto';
import { EditService, SHARED_EDIT_UNAVAILABLE } from './edit.service';

/** The edit of a shared report, read-only, for anyone holding a live link (as the shared report itself). */
@ApiTags('share')
@Public()
@Controller('public/prevention/share')
export class EditPublicController {
  constructor(private readonly edits: EditService) {}

  @Get(':token/edit')
  @ApiOkResponse({ type: EditDto })
  @ApiNotFoundResponse({ description: `Unknown, revoked or expired link, all alike: "${SHARED_EDIT_UNAVAILABLE}"` })
  getSharedReportEdit(@Param('token') token: string): Promise<EditDto> {
    return this.edits.shared(token);
  }
}
