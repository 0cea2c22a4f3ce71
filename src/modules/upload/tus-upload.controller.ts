import { All, Controller, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { TusUploadService } from './tus-upload.service';
import { KeyScope } from '../auth';

/**
 * The tus protocol endpoint. Routed through Nest so the global bearer guard checks every request (creation, HEAD
 * to resume, PATCH chunks); the protocol itself is tus-node-server's. Not part of the OpenAPI document: clients use
 * a tus client (tus-js-client in the web app).
 */
@ApiExcludeController()
@KeyScope('write')
@Controller('api/upload/tus')
export class TusUploadController {
  constructor(private readonly tus: TusUploadService) {}

  @All()
  create(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.tus.handle(req, res);
  }

  @All('*upload')
  resume(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.tus.handle(req, res);
  }
}
