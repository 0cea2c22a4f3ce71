/** Score rules (docs/product.md, Rules › Scores and labels). */

/** Used wherever a report has no viral risk score (docs/product.md, Rules › Scores and labels). */
export const DEFAULT_RISK_SCORE = 75;

/** The labels of the optimization score's bands, best first. */
export const OPTIMIZATION_LABELS = ['Ready to Publish', 'Almost There', 'Needs Polish', 'Major Fixes Needed', 'Start Over'] as const;
export type OptimizationLabel = (typeof OPTIMIZATION_LABELS)[number];
export type OptimizationBadgeLabel = Exclude<OptimizationLabel, 'Major Fixes Needed'> | 'Needs Work';
export type RiskLevel = 'high' | 'medium' | 'low';
export type AnalysisOptimizationLevel = 'Needs Work' | 'Good' | 'Excellent';

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** A usable risk score: missing or non-numeric values become the default 75. */
export function riskScoreOrDefault(risk: number | null | undefined): number {
  return typeof risk === 'number' && Number.isFinite(risk) ? risk : DEFAULT_RISK_SCORE;
}

/** Optimization score = 100 − viral risk, clamped to 0–100. */
export function optimizationScore(viralRiskScore: number | null | undefined): number {
  return clamp(100 - riskScoreOrDefault(viralRiskScore), 0, 100);
}

/** Label of an optimization score: bands 90 / 70 / 50 / 30. */
export function optimizationLabel(score: number): OptimizationLabel {
  if (score >= 90) return 'Ready to Publish';
  if (score >= 70) return 'Almost There';
  if (score >= 50) return 'Needs Polish';
  if (score >= 30) return 'Major Fixes Needed';
  return 'Start Over';
}

/** The badge helper's reading: the 30–49 band is labelled "Needs Work". */
export function optimizationBadgeLabel(score: number): OptimizationBadgeLabel {
  const label = optimizationLabel(score);
  return label === 'Major Fixes Needed' ? 'Needs Work' : label;
}

/** Label straight from a viral risk score (inverted, clamped, labelled). */
export function optimizationLabelFromRisk(viralRiskScore: number | null | undefined): OptimizationLabel {
  return optimizationLabel(optimizationScore(viralRiskScore));
}

/** Risk level of a (viral risk) score: 70+ high, 40–69 medium, below 40 low. */
export function riskLevel(score: number): RiskLevel {
  if (score >= 70) return 'high';
  if (score >= 40) return 'medium';
  return 'low';
}

/** The Analysis page's own reading of a viral risk score: 70+ Needs Work, 30–69 Good, below 30 Excellent. */
export function analysisOptimizationLevel(viralRiskScore: number): AnalysisOptimizationLevel {
  if (viralRiskScore >= 70) return 'Needs Work';
  if (viralRiskScore >= 30) return 'Good';
  return 'Excellent';
}
