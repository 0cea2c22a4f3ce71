import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { workerLoggerParams } from './common/logging';
import { APP_CONFIG } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { CoreModule } from './core.module';
import { AnalysisWorkerModule } from './modules/analysis-jobs/analysis-worker.module';
import { MaintenanceModule } from './modules/maintenance/maintenance.module';
import { PdfWorkerModule } from './modules/pdf/pdf-worker.module';
import { WebhooksWorkerModule } from './modules/webhooks/webhooks-worker.module';

/** The worker process: queue processors, no HTTP server. */
@Module({
  imports: [
    CoreModule,
    LoggerModule.forRootAsync({
      imports: [ConfigModule],
      providers: [],
      inject: [APP_CONFIG],
      useFactory: workerLoggerParams,
    }),
    MaintenanceModule,
    AnalysisWorkerModule,
    PdfWorkerModule,
    WebhooksWorkerModule,
  ],
})
export class WorkerModule {}
