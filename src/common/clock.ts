import { Global, Injectable, Module } from '@nestjs/common';

/**
 * The current time, injected wherever a rule depends on it (share-link expiry), so tests move time forward instead
 * of sleeping.
 */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}

@Global()
@Module({ providers: [Clock], exports: [Clock] })
export class ClockModule {}
