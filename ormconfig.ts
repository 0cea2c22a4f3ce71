// Data source for the TypeORM CLI (npm run migration:generate / migration:run / migration:revert).
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfigOrExit } from './src/config/app-config';
import { dataSourceOptions } from './src/database/data-source';

export default new DataSource(dataSourceOptions(loadConfigOrExit().databaseUrl));
