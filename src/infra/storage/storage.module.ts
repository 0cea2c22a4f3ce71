import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { LocalObjectStore } from './local-object-store';
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
      useFactory: (_config: AppConfig, layout: StorageService): ObjectStore => new LocalObjectStore(layout),
    },
  ],
  exports: [StorageService, OBJECT_STORE],
})
export class StorageModule {}
