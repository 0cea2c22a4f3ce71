import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ShareLink } from './share-link.entity';
import { ShareService } from './share.service';

/**
 * ShareService on its own, for every module that accepts a share token (report files, PDF). Kept apart from the
 * share routes (ShareModule), which need the reports module: that way nothing imports in a circle.
 */
@Module({
  imports: [TypeOrmModule.forFeature([ShareLink])],
  providers: [ShareService],
  exports: [ShareService],
})
export class ShareCoreModule {}
