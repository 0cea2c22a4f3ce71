/**
 * A report's status: the row's lifecycle (the stages below are its detail while processing). Legacy `ready` rows were
 * rewritten to `completed` by the NormaliseReadyStatus migration.
 */
export const REPORT_STATUSES = ['processing', 'completed', 'error'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/**
 * The stages an analysis goes through, in order, and what the processing panel says at each (docs/product.md,
 * "Processing"). The worker writes the text to the report row; the web app shows the same text for a stage.
 */
export const PROCESSING_STEPS = ['uploading', 'preprocessing', 'analyzing', 'generating', 'completed', 'error'] as const;
export type ProcessingStep = (typeof PROCESSING_STEPS)[number];

export const STAGE_TEXT: Record<ProcessingStep, string> = {
  uploading: 'Uploading video',
  preprocessing: 'Extracting frames and analyzing video structure',
  analyzing: 'AI Analysis: Running viral risk detection and drop-off prediction',
  generating: 'Generating Report',
  completed: 'Analysis complete! Your prevention report is ready.',
  error: 'Analysis failed',
};

/**
 * What the analysis is doing within its step, in order (issue 28, item 6): the upload has arrived and waits for a
 * worker; the single decode pass reads the video (the long part, with its own percentage); the signals are turned into
 * the assessment (and, when configured, the words are transcribed); the report's frames are rendered.
 */
export const ANALYSIS_PHASES = ['received', 'decoding', 'analysing', 'rendering'] as const;
export type AnalysisPhase = (typeof ANALYSIS_PHASES)[number];

export const PHASE_TEXT: Record<AnalysisPhase, string> = {
  received: 'Upload received',
  decoding: 'Decoding the video',
  analysing: 'Analysing',
  rendering: 'Rendering frames',
};

/** "Decoding the video · 42 %": the phase with its own percentage when it has one. */
export function phaseLine(phase: AnalysisPhase, phasePercent: number | null | undefined): string {
  return phasePercent === null || phasePercent === undefined ? PHASE_TEXT[phase] : `${PHASE_TEXT[phase]} · ${Math.round(phasePercent)} %`;
}

/**
 * Until this server has finished an analysis: worker seconds per second of video (docs/benchmarks.md measures 0.11–0.12
 * on an idle machine and 0.65 with seven jobs sharing two cores; 0.3 is between, so the first estimate is not wildly off).
 */
export const DEFAULT_SECONDS_PER_VIDEO_SECOND = 0.3;
/** Start-up of every analysis whatever its length (probe, scratch folder, model warm-up, storing the report). */
export const ANALYSIS_OVERHEAD_SECONDS = 4;

/**
 * Seconds left for an analysis: the whole analysis is expected to take `overhead + duration × speed` on this server
 * (speed: its measured seconds of processing per second of video), and `progress` % of that is done. Null when the
 * duration is unknown (nothing honest to say) or the analysis has ended; at least 1 while it runs.
 */
export function analysisSecondsLeft(durationSeconds: number | null | undefined, progress: number, secondsPerVideoSecond: number): number | null {
  if (!(typeof durationSeconds === 'number' && durationSeconds > 0) || !Number.isFinite(durationSeconds)) return null;
  if (!(progress < 100)) return null;
  const speed = Number.isFinite(secondsPerVideoSecond) && secondsPerVideoSecond > 0 ? secondsPerVideoSecond : DEFAULT_SECONDS_PER_VIDEO_SECOND;
  const total = ANALYSIS_OVERHEAD_SECONDS + durationSeconds * speed;
  const done = Math.max(0, Math.min(100, progress)) / 100;
  return Math.max(1, Math.round(total * (1 - done)));
}
