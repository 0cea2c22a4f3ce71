export * from './categories';
export * from './reportStatus';
export * from './score';
export * from './severity';
export * from './timestamp';
