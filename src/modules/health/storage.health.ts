import { Inject, Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { OBJECT_STORE, type ObjectStore } from '../../infra/storage/object-store';

/**
 * The store is up when it can be written: local disk, its uploads and reports folders (a full or read-only mount is
 * not); S3, its bucket answers and takes a small object.
 */
@Injectable()
export class StorageHealthIndicator {
  constructor(
    private readonly indicator: HealthIndicatorService,
    @Inject(OBJECT_STORE) private readonly store: ObjectStore,
  ) {}

  async isHealthy(key: string) {
    const check = this.indicator.check(key);
    try {
      await this.store.checkWritable();
      return check.up({ driver: this.store.driver });
    } catch (error) {
      return check.down({ driver: this.store.driver, message: (error as NodeJS.ErrnoException).code ?? (error as Error).name ?? String(error) });
    }
  }
}
