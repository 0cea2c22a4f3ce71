// @preflight/shared: the report contract (the engine's zod schema) and the one view model every surface renders.
export * from './report/schema';
