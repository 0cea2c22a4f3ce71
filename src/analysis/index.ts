/**
 * Preflight analysis engine (plain TypeScript; no Nest, no database, no environment reads).
 *
 *   const report = await analyzeVideo('/path/video.mp4', { outDir: '/reports/abc', style: 'balanced' }, onProgress);
 *   const other = rederiveReport(report, { style: 'gentle' });   // no decoding
 *
 * analyzeVideo writes OUT/report.json and OUT/frames/*.jpg and returns the (zod-validated) report.
 * Bad input throws AnalysisInputError (message fit for the creator); other failures AnalysisFailedError.
 * The text and face models load once per process (warmUpVision at a worker's start) and stay loaded; closeVisionWorker stops them.
 */
export { analyzeVideo, buildMetrics, rederiveReport, writeReport } from './analyze';
export type { AnalysisProgress, AnalysisStage, AnalyzeOptions, ProgressCallback, RederiveOptions } from './analyze';
export { AnalysisInputError, AnalysisFailedError, AnalysisInterruptedError } from './errors';
export type { AnalysisInputErrorCode } from './errors';
export * from '@preflight/shared';
export { deriveReport, frameTimes, resolvePlatform } from './derive';
export type { OpenAiOptions } from './enrich/openai';
export { closeVisionWorker, warmUpVision } from './vision/vision-worker';
// The proposed edit, exported for the creator's editor (MLT, FCPXML 1.10, xmeml, CMX 3600 EDL, ffmpeg scripts).
export * from './edit/export';
