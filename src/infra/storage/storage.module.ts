import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { LocalObjectStore } from './local-object-store';
import { S3ObjectStore, s3ClientFor } from './s3-object-store';
import { OBJECT_STORE, type ObjectStore } from './object-store';
import { StorageService } from './storage.service';

/** The store chosen by STORAGE_DRIVER, for every module (OBJECT_STORE), and the local folder's layout. */
@Global()
@Module({
  providers: [
    StorageService,
    {
      provide: OBJECT_STORE,
      inject: [APP_CONFIG, StorageService],
      useFactory: (config: AppConfig, layout: StorageService): ObjectStore =>
        config.storage.driver === 's3' ? new S3ObjectStore(s3ClientFor(config.storage.s3), config.storage.s3) : new LocalObjectStore(layout),
    },
  ],
  exports: [StorageService, OBJECT_STORE],
})
export class StorageModule {}
