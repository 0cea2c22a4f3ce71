import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { AllExceptionsFilter } from './common/http-exception.filter';
import { loggerParams } from './common/logging';
import { APP_CONFIG } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { CoreModule } from './core.module';
import { ApiKeysModule } from './modules/api-keys/api-keys.module';
import { WebhooksModule } from './modules/webhooks/webhooks.module';
import { AuthModule } from './modules/auth/auth.module';
import { CompareModule } from './modules/compare/compare.module';
import { ClientConfigModule } from './modules/client-config/client-config.module';
import { DebugModule } from './modules/debug/debug.module';
import { HealthModule } from './modules/health/health.module';
import { MeasuredRetentionModule } from './modules/measured-retention/measured-retention.module';
import { YoutubeModule } from './modules/youtube/youtube.module';
import { MarkersModule } from './modules/markers/markers.module';
import { EditModule } from './modules/edit/edit.module';
import { PagesModule } from './modules/pages/pages.module';
import { PdfModule } from './modules/pdf/pdf.module';
import { PreventionModule } from './modules/prevention/prevention.module';
import { ReportsModule } from './modules/reports/reports.module';
import { ShareModule } from './modules/share/share.module';
import { StatusModule } from './modules/status/status.module';
import { SubscriptionsModule } from './modules/subscriptions/subscriptions.module';
import { UploadModule } from './modules/upload/upload.module';
import { UsersModule } from './modules/users/users.module';

/** The API process: HTTP controllers only; heavy work is enqueued for the worker. */
@Module({
  imports: [
    CoreModule,
    LoggerModule.forRootAsync({ imports: [ConfigModule], providers: [], inject: [APP_CONFIG], useFactory: loggerParams }),
    AuthModule,
    UsersModule,
    HealthModule,
    ReportsModule,
    CompareModule,
    StatusModule,
    PreventionModule,
    PdfModule,
    MarkersModule,
    EditModule,
    MeasuredRetentionModule,
    YoutubeModule,
    ShareModule,
    UploadModule,
    SubscriptionsModule,
    ClientConfigModule,
    PagesModule,
    DebugModule,
    ApiKeysModule,
    WebhooksModule,
  ],
  providers: [{ provide: APP_FILTER, useClass: AllExceptionsFilter }],
})
export class AppModule {}
