import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source';

describe('database schema', () => {
  it('is exactly what the entities describe after the migrations (nothing left for migration:generate)', async () => {
    const db = new DataSource(dataSourceOptions(process.env.DATABASE_URL!));
    await db.initialize();
    try {
      const pending = await db.driver.createSchemaBuilder().log();
      expect(pending.upQueries.map((q) => q.query)).toEqual([]);
      expect(await db.showMigrations()).toBe(false);
    } finally {
      await db.destroy();
    }
  });
});
