// Hand-written glue over the generated client: the one import the web app and the end-to-end tests use.
export * from './generated/index.js';
export { client } from './generated/client.gen.js';
