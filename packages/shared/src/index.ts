// @preflight/shared: framework-free rules shared by the server, the worker, the PDF template and the web app.
// The report contract: the engine's zod schema, the served report (with signed frame URLs), and the one view model.
export * from './report/schema';
export * from './report/vocabulary';
export * from './report/served';
export * from './report/comparison';
export * from './report/view-model';
// Business rules (docs/product.md): score bands, severity mapping, m:ss timestamps, upload rules, processing stages,
// feedback styles, target platforms.
export * from './rules/feedback-style';
export * from './rules/platform';
export * from './rules/processing';
export * from './rules/upload';
export * from './rules/score';
export * from './rules/severity';
export * from './rules/timestamp';
export * from './rules/page-session';
