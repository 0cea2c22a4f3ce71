import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { VerifiedIdentity } from '../../infra/firebase/token-verifier';
import { User } from './user.entity';

@Injectable()
export class UsersService {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  findByFirebaseUid(uid: string): Promise<User | null> {
    return this.users.findOneBy({ firebaseUid: uid });
  }

  /** Creates the user on their first authenticated request, refreshes email and name later; one statement either way. */
  async upsertFromIdentity(identity: VerifiedIdentity): Promise<User> {
    const rows: Record<string, unknown>[] = await this.users.query(
      `INSERT INTO users (firebase_uid, email, display_name) VALUES ($1, $2, $3)
       ON CONFLICT (firebase_uid) DO UPDATE
         SET email = EXCLUDED.email, display_name = EXCLUDED.display_name,
             updated_at = CASE WHEN users.email IS DISTINCT FROM EXCLUDED.email
                                 OR users.display_name IS DISTINCT FROM EXCLUDED.display_name
                               THEN now() ELSE users.updated_at END
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
