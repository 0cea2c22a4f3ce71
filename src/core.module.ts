import { Module } from '@nestjs/common';
import { ClockModule } from './common/clock';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { StorageModule } from './infra/storage/storage.module';
import { QueueModule } from './jobs/queue.module';

/** What both processes share: configuration, database, storage, queues. */
@Module({ imports: [ClockModule, ConfigModule, DatabaseModule, StorageModule, QueueModule] })
export class CoreModule {}
