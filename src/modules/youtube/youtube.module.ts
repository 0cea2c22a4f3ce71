import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MeasuredRetentionModule } from '../measured-retention';
import { ReportsModule } from '../reports';
import { GoogleApiClient } from './google-api.client';
import { YoutubeConnection } from './youtube-connection.entity';
import { YoutubeConnectionService } from './youtube-connection.service';
import { YoutubeConnectionController, YoutubeImportController } from './youtube.controller';
import { YoutubeImportService } from './youtube-import.service';

/** "Connect YouTube" and measured retention imported from YouTube Analytics (docs/api.md, YouTube). */
@Module({
  imports: [TypeOrmModule.forFeature([YoutubeConnection]), ReportsModule, MeasuredRetentionModule],
  controllers: [YoutubeConnectionController, YoutubeImportController],
  providers: [GoogleApiClient, YoutubeConnectionService, YoutubeImportService],
})
export class YoutubeModule {}
