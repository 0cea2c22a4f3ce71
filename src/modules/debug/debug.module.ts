import { Module } from '@nestjs/common';
import { DebugController } from './debug.controller';

/** GET /debug/auth-test (development only; answers 404 unless debug routes are enabled). */
@Module({ controllers: [DebugController] })
export class DebugModule {}
