import { Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { StorageService } from '../../infra/storage/storage.service';

/** The store is up when its uploads and reports folders can be written (a full or read-only mount is not). */
@Injectable()
export class StorageHealthIndicator {
  constructor(
    private readonly indicator: HealthIndicatorService,
    private readonly storage: StorageService,
  ) {}

  async isHealthy(key: string) {
    const check = this.indicator.check(key);
    try {
      await access(this.storage.uploadsDir, constants.W_OK);
      await access(this.storage.reportsDir, constants.W_OK);
      return check.up();
    } catch (error) {
      return check.down({ message: (error as NodeJS.ErrnoException).code ?? String(error) });
    }
  }
}
