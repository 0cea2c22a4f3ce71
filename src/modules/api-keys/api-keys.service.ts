import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, type Repository } from 'typeorm';
import { Clock } from '../../common/clock';
import type { User } from '../users';
import { API_KEY_PATTERN, hashApiKey, newApiKey } from './api-key-secret';
import { ApiKey, type ApiKeyScope } from './api-key.entity';

/** How often "last used" is written for a busy key: every request would be a write per call. */
const LAST_USED_GRANULARITY_MS = 60_000;

/** What a presented key proves: the creator and the key, or why it is refused. */
export type KeyAuthentication =
  | { kind: 'verified'; user: User; key: ApiKey }
  | { kind: 'invalid'; reason: 'unknown' | 'revoked' | 'expired' };

export const KEY_NOT_FOUND = 'No such API key';

@Injectable()
export class ApiKeysService {
  constructor(
    @InjectRepository(ApiKey) private readonly keys: Repository<ApiKey>,
    private readonly clock: Clock,
  ) {}

  /** A new key for the creator; the key itself is in this answer only. */
  async create(userId: string, input: { name: string; scope: ApiKeyScope; expiresAt: Date | null }): Promise<{ row: ApiKey; key: string }> {
    const { key, prefix, hash } = newApiKey();
    const row = await this.keys.save(
      this.keys.create({ userId, name: input.name, scope: input.scope, prefix, keyHash: hash, createdAt: this.clock.now(), expiresAt: input.expiresAt }),
    );
    return { row, key };
  }

  /** The creator's keys that are not revoked, newest first (expired ones stay listed, marked, until revoked). */
  list(userId: string): Promise<ApiKey[]> {
    return this.keys.find({ where: { userId, revokedAt: IsNull() }, order: { createdAt: 'DESC' } });
  }

  /** Revokes at once: the next request with the key is refused (keys are looked up on every request, never cached). */
  async revoke(userId: string, keyId: string): Promise<void> {
    const result = await this.keys.update({ id: keyId, userId, revokedAt: IsNull() }, { revokedAt: this.clock.now() });
    if (!result.affected) throw new NotFoundException(KEY_NOT_FOUND);
  }

  /** Judges a presented key and notes when and from where it was used. */
  async authenticate(presented: string, ip: string | undefined): Promise<KeyAuthentication> {
    if (!API_KEY_PATTERN.test(presented)) return { kind: 'invalid', reason: 'unknown' };
    const key = await this.keys.findOne({ where: { keyHash: hashApiKey(presented) }, relations: { user: true } });
    if (!key?.user) return { kind: 'invalid', reason: 'unknown' };
    const now = this.clock.now();
    if (key.revokedAt) return { kind: 'invalid', reason: 'revoked' };
    if (key.expiresAt && key.expiresAt <= now) return { kind: 'invalid', reason: 'expired' };
    // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d; the list shows the address a person knows.
    await this.noteUse(key, now, ip?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '') ?? null);
    return { kind: 'verified', user: key.user, key };
  }

  private async noteUse(key: ApiKey, now: Date, ip: string | null): Promise<void> {
    const fresh = key.lastUsedAt && now.getTime() - key.lastUsedAt.getTime() < LAST_USED_GRANULARITY_MS;
    if (fresh && key.lastUsedIp === ip) return;
    await this.keys.update({ id: key.id }, { lastUsedAt: now, lastUsedIp: ip });
  }
}
