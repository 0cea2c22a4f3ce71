import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { VerifiedIdentity } from './verified-identity';
import type { User } from './user.entity';
import { UsersRepository } from './users.repository';

@Injectable()
export class UsersService {
  constructor(private readonly users: UsersRepository) {}

  findByFirebaseUid(uid: string): Promise<User | null> {
    return this.users.findByFirebaseUid(uid);
  }

  /** Pass the caller's transaction (manager) when the answer must hold for what follows. */
  exists(userId: string, manager?: EntityManager): Promise<boolean> {
    return this.users.exists(userId, manager);
  }

  /** An identity-provider account without an email is anonymous (a guest). */
  hasEmail(userId: string, manager?: EntityManager): Promise<boolean> {
    return this.users.hasEmail(userId, manager);
  }

  /**
   * The user behind a verified token: every authenticated request calls this, so the usual case is one read; the
   * row is written only on the first request or when the identity provider's email or name changed.
   */
  async upsertFromIdentity(identity: VerifiedIdentity): Promise<User> {
    const known = await this.findByFirebaseUid(identity.uid);
    if (known && known.email === (identity.email ?? null) && known.displayName === (identity.name ?? null)) return known;
    return this.users.upsert(identity);
  }
}
