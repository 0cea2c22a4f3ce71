import type { ProcessingStep } from './report.entity';

/** SPEC section 4: what the processing panel says at each stage. */
export const STEP_MESSAGES: Record<ProcessingStep, string> = {
  uploading: 'Uploading video',
  preprocessing: 'Extracting frames and analyzing video structure',
  analyzing: 'AI Analysis: Running viral risk detection and drop-off prediction',
  generating: 'Generating Report',
  completed: 'Analysis complete! Your prevention report is ready.',
  error: 'Analysis failed',
};
