import { getQueueToken, WorkerHost } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { QueueName } from './queues';

/** The same error from the same source is logged again only after this long (a Redis outage repeats it per retry). */
const REPEAT_AFTER_MS = 60_000;

/**
 * One log line per distinct queue or worker error, instead of BullMQ's default of printing every error's stack (dozens
 * a minute while Redis is away). Attached to every queue and every processor of the process it runs in.
 */
@Injectable()
export class QueueErrorLog implements OnApplicationBootstrap {
  private readonly logger = new Logger('Queue');
  private readonly lastLogged = new Map<string, { at: number; suppressed: number }>();

  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly discovery: DiscoveryService,
  ) {}

  onApplicationBootstrap(): void {
    for (const name of Object.values(QueueName)) {
      const queue = this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
      queue.on('error', (error: Error) => this.report(`queue ${name}`, error));
    }
    for (const wrapper of this.discovery.getProviders()) {
      const host: unknown = wrapper.instance;
      if (!(host instanceof WorkerHost)) continue;
      host.worker.on('error', (error: Error) => this.report(`worker ${host.worker.name}`, error));
    }
  }

  report(source: string, error: Error, now = Date.now()): boolean {
    const message = (error?.message ?? String(error)).split('\n')[0];
    const key = `${source}: ${message.replace(/[0-9a-f-]{36}/g, '<id>')}`;
    const last = this.lastLogged.get(key);
    if (last && now - last.at < REPEAT_AFTER_MS) {
      last.suppressed += 1;
      return false;
    }
    const repeats = last?.suppressed ? ` (${last.suppressed} more since the last report)` : '';
    this.lastLogged.set(key, { at: now, suppressed: 0 });
    this.logger.warn(`${source}: ${message}${repeats}`);
    return true;
  }
}
