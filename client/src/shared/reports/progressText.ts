import { ANALYSIS_PHASES, phaseLine, type AnalysisPhase } from '@preflight/shared';

/**
 * How a running analysis's progress reads, wherever it shows (the upload page's processing panel, the dashboard's
 * card): what it is doing, and the time left.
 */

const isPhase = (value: unknown): value is AnalysisPhase => typeof value === 'string' && (ANALYSIS_PHASES as readonly string[]).includes(value);

/** The phase line of a running analysis ("Decoding the video · 42 %"), or nothing when the server did not say. */
export function phaseDetail(status: { phase?: string | null; phasePercent?: number | null }): string | undefined {
  return isPhase(status.phase) ? phaseLine(status.phase, status.phasePercent) : undefined;
}

/** "about 1 min left" style text for an ETA in seconds. */
export function etaText(eta: number | null | undefined): string | null {
  if (eta === null || eta === undefined || !Number.isFinite(eta) || eta <= 0) return null;
  if (eta < 60) return `about ${Math.max(1, Math.round(eta))} s left`;
  return `about ${Math.round(eta / 60)} min left`;
}
