import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

export const tooManyUploadsMessage = (perUser: number) =>
  `You already have ${perUser} ${perUser === 1 ? 'upload' : 'uploads'} in progress: wait for one to finish, then send this one.`;

/**
 * How many upload requests (a multipart POST, a tus POST or PATCH) one creator has open at once in this API process:
 * at most UPLOADS_PER_USER (5 by default: the web app's queue holds 5 files and Upload All sends them together, each
 * one request at a time over tus). Beyond, 429. One creator
 * sending 30 uploads at 1 byte/s held 30 connections before (issue 43). Counted in memory: a slot is held exactly as
 * long as its request's connection, and nothing is left behind by a process that dies.
 */
@Injectable()
export class UploadSlots {
  private readonly open = new Map<string, number>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The upload requests this creator has open in this process. */
  openFor(userId: string): number {
    return this.open.get(userId) ?? 0;
  }

  /** Takes a slot until `res` closes, or throws the 429 when the creator has none left. */
  take(userId: string, res: ServerResponse): void {
    const { perUser } = this.config.uploads;
    const count = this.open.get(userId) ?? 0;
    if (count >= perUser) throw new HttpException(tooManyUploadsMessage(perUser), HttpStatus.TOO_MANY_REQUESTS);
    this.open.set(userId, count + 1);
    res.once('close', () => {
      const left = (this.open.get(userId) ?? 1) - 1;
      if (left <= 0) this.open.delete(userId);
      else this.open.set(userId, left);
    });
  }
}
