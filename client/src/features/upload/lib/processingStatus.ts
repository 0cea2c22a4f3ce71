import { STAGE_TEXT, type ProcessingStep } from '@preflight/shared';
import { etaText, phaseDetail } from '../../../shared/reports/progressText';

export { etaText, phaseDetail };

/**
 * Processing panel rules (docs/product.md, "Upload page"): the stages and their texts are shared with the worker;
 * poll every 5 s for at most 10 minutes; a failed poll shows the fallback view.
 */

export const STATUS_POLL_INTERVAL_MS = 5_000;
export const STATUS_POLL_LIMIT_MS = 10 * 60 * 1000;

export const STAGES: readonly ProcessingStep[] = ['uploading', 'preprocessing', 'analyzing', 'generating', 'completed'];

export interface ProcessingView {
  step: ProcessingStep;
  progress: number;
  /** The line shown under the bar. */
  text: string;
  eta: number | null;
  /** What the analysis is doing right now ("Decoding the video · 42 %"), while it runs and the server says. */
  detail?: string;
  done: boolean;
  failed: boolean;
  /** The worker running the analysis stopped and another takes it over: no frozen percentage, a "resuming" line. */
  resuming?: boolean;
}

export interface StatusLike {
  status?: string | null;
  progress?: number | null;
  currentStep?: string | null;
  eta?: number | null;
  phase?: string | null;
  phasePercent?: number | null;
  error?: string | null;
  resuming?: boolean | null;
}

const isStep = (value: unknown): value is ProcessingStep => typeof value === 'string' && value in STAGE_TEXT;


/** Shown instead of the stage text while an interrupted analysis is taken over by another worker. */
export const RESUMING_TEXT = 'Resuming your analysis…';

/** Status poll failure: analyzing at 50% with the step "Analysis in progress". */
export const FALLBACK_VIEW: ProcessingView = {
  step: 'analyzing',
  progress: 50,
  text: 'Analysis in progress',
  eta: null,
  done: false,
  failed: false,
};

/** What the panel shows for a status answer. Completed and error end the polling. */
export function processingView(status: StatusLike): ProcessingView {
  if (status.status === 'error' || status.currentStep === 'error') {
    return { step: 'error', progress: clampProgress(status.progress), text: status.error || STAGE_TEXT.error, eta: null, done: true, failed: true };
  }
  if (status.status === 'completed' || status.currentStep === 'completed') {
    return { step: 'completed', progress: 100, text: STAGE_TEXT.completed, eta: null, done: true, failed: false };
  }
  const step = isStep(status.currentStep) ? status.currentStep : 'analyzing';
  if (status.resuming) {
    return { step, progress: clampProgress(status.progress), text: RESUMING_TEXT, eta: null, done: false, failed: false, resuming: true };
  }
  const detail = phaseDetail(status);
  return { step, progress: clampProgress(status.progress), text: STAGE_TEXT[step], eta: status.eta ?? null, ...(detail ? { detail } : {}), done: false, failed: false };
}

function clampProgress(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.min(100, Math.round(value))) : 0;
}

/** Keep polling while not done and within 10 minutes of the start. */
export function shouldPoll(view: ProcessingView | null, startedAt: number, now: number): boolean {
  if (view?.done) return false;
  return now - startedAt < STATUS_POLL_LIMIT_MS;
}
