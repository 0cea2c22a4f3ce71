// @preflight/shared: framework-free rules shared by the server, the worker, the PDF template and the web app.
// The report contract: the engine's zod schema, the served report (with signed frame URLs), and the one view model.
export * from './report/schema';
export * from './report/proposed-edit';
export * from './report/issue-spans';
export * from './report/vocabulary';
export * from './report/served';
export * from './report/comparison';
export * from './report/view-model';
// Markers for editors (docs/product.md): the issues and drop-offs as Final Cut Pro, Resolve, Premiere and YouTube files.
export * from './markers/format-meta';
export * from './markers/formats';
export * from './markers/marker-list';
export * from './markers/timeline-rate';
export * from './markers/fcpxml';
export * from './markers/resolve-edl';
export * from './markers/premiere-xml';
export * from './markers/youtube-chapters';
export * from './markers/xml-text';
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
export * from './rules/share-link';
export * from './rules/articles';
// Measured retention (docs/report-format.md): the spreadsheet importer and predicted against measured.
export * from './measured/schema';
export * from './measured/csv';
export * from './measured/input';
export * from './measured/compare';
export * from './measured/youtube';
export * from './rules/billing-state';
