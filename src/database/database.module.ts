import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { dataSourceOptions } from './data-source';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      // A database that is down at start-up is waited for (one log line per try), never a crash and a restart loop.
      useFactory: (config: AppConfig) => ({ ...dataSourceOptions(config.databaseUrl), retryAttempts: Number.POSITIVE_INFINITY, retryDelay: 3000 }),
    }),
  ],
})
export class DatabaseModule {}
