import type { EntityManager } from 'typeorm';

/**
 * Holds a PostgreSQL advisory lock on `key` until the transaction of `manager` ends: transactions that take the same
 * key run one after the other (across API instances too), without locking any row.
 */
export async function holdTransactionLock(manager: EntityManager, key: string): Promise<void> {
  await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
}
