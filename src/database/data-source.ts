import { join } from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';

/** TypeORM options for a database URL. Schema changes only through migrations, never `synchronize`. */
export function dataSourceOptions(databaseUrl: string): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    entities: ENTITIES,
    migrations: [join(__dirname, 'migrations', '*.{ts,js}')],
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    // A database that does not answer fails a request within seconds (503, see common/outage.ts) instead of holding it.
    extra: { max: 10, connectionTimeoutMillis: 5000 },
  };
}
