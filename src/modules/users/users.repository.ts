import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import type { VerifiedIdentity } from './verified-identity';
import { User } from './user.entity';

/** The users table. */
@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  findByFirebaseUid(uid: string): Promise<User | null> {
    return this.users.findOneBy({ firebaseUid: uid });
  }

  exists(userId: string, manager?: EntityManager): Promise<boolean> {
    return this.within(manager).existsBy({ id: userId });
  }

  async hasEmail(userId: string, manager?: EntityManager): Promise<boolean> {
    const row = await this.within(manager).findOne({ select: { email: true }, where: { id: userId } });
    return Boolean(row?.email);
  }

  /** This repository, or the same table inside the caller's transaction. */
  private within(manager?: EntityManager): Repository<User> {
    return manager ? manager.getRepository(User) : this.users;
  }

  /** Inserts the identity's user, or updates its email and name: one statement, so concurrent first requests agree. */
  async upsert(identity: VerifiedIdentity): Promise<User> {
    const rows: Record<string, unknown>[] = await this.users.query(
      `INSERT INTO users (firebase_uid, email, display_name) VALUES ($1, $2, $3)
       ON CONFLICT (firebase_uid) DO UPDATE
         SET email = EXCLUDED.email, display_name = EXCLUDED.display_name, updated_at = now()
       RETURNING *`,
      [identity.uid, identity.email ?? null, identity.name ?? null],
    );
    return this.users.create({
      id: rows[0].id as string,
      firebaseUid: rows[0].firebase_uid as string,
      email: rows[0].email as string | null,
      displayName: rows[0].display_name as string | null,
      createdAt: rows[0].created_at as Date,
      updatedAt: rows[0].updated_at as Date,
    });
  }
}
