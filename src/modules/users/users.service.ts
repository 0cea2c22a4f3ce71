import { Injectable } from '@nestjs/common';
import type { VerifiedIdentity } from './verified-identity';
import type { User } from './user.entity';
import { UsersRepository } from './users.repository';

@Injectable()
export class UsersService {
  constructor(private readonly users: UsersRepository) {}

  findByFirebaseUid(uid: string): Promise<User | null> {
    return this.users.findByFirebaseUid(uid);
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
