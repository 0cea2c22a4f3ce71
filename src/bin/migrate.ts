import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfigOrExit } from '../config/app-config';
import { dataSourceOptions } from '../database/data-source';

/** Applies pending migrations (used by `npm start` and the container entry point). */
async function main(): Promise<void> {
  const db = new DataSource(dataSourceOptions(loadConfigOrExit().databaseUrl));
  await db.initialize();
  const applied = await db.runMigrations({ transaction: 'each' });
  console.log(applied.length ? `applied migrations: ${applied.map((m) => m.name).join(', ')}` : 'database schema is up to date');
  await db.destroy();
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
