import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { QueueErrorLog } from './queue-error-log';
import { DEFAULT_JOB_OPTIONS, QueueName } from './queues';

/** BullMQ on Redis, shared by the API (producer) and the worker (consumer). */
@Global()
@Module({
  imports: [
    DiscoveryModule,
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        connection: { url: config.redis.url, maxRetriesPerRequest: null },
        prefix: config.redis.prefix,
        defaultJobOptions: DEFAULT_JOB_OPTIONS,
      }),
    }),
    BullModule.registerQueue(...Object.values(QueueName).map((name) => ({ name }))),
  ],
  providers: [QueueErrorLog],
  exports: [BullModule],
})
export class QueueModule {}
