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
