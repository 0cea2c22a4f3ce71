// @preflight/shared: framework-free rules shared by the server, the worker, the PDF template and the web app.
// The report contract: the engine's zod schema, the served report (with signed frame URLs), and the one view model.
export * from './report/schema';
export * from './report/served';
export * from './report/view-model';
// Score bands, severity mapping and m:ss timestamps (SPEC sections 4, 5 and 9).
export * from './rules/score';
export * from './rules/severity';
export * from './rules/timestamp';
