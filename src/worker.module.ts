import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { APP_CONFIG, type AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { CoreModule } from './core.module';
import { AnalysisWorkerModule } from './modules/analysis-jobs/analysis-worker.module';
import { MaintenanceModule } from './modules/maintenance/maintenance.module';
import { PdfWorkerModule } from './modules/pdf/pdf-worker.module';

/** The worker process: queue processors, no HTTP server. */
@Module({
  imports: [
    CoreModule,
    LoggerModule.forRootAsync({
      imports: [ConfigModule],
      providers: [],
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ pinoHttp: { level: config.logLevel } }),
    }),
    MaintenanceModule,
    AnalysisWorkerModule,
    PdfWorkerModule,
  ],
})
export class WorkerModule {}
