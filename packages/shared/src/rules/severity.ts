/** Severity rules (docs/product.md, Rules › Severity and impact). */

export type Severity = 'high' | 'medium' | 'low';

/** Critical/High → high, Medium → medium, Low → low (case-insensitive). Anything else → low. */
export function mapSeverity(value: string | null | undefined): Severity {
  switch ((value ?? '').trim().toLowerCase()) {
    case 'critical':
    case 'high':
      return 'high';
    case 'medium':
      return 'medium';
    default:
      return 'low';
  }
}

const LEGACY_SEVERITY: Record<string, Severity> = {
  breakthrough_killer: 'high',
  scale_blocker: 'high',
  retention_killer: 'high',
  viral_gap: 'medium',
  editing_gap: 'medium',
  optimization: 'low',
  none: 'low',
};

/** Legacy `predictive_frames[].problem_severity` values. Unknown values → low. */
export function mapLegacySeverity(value: string | null | undefined): Severity {
  return LEGACY_SEVERITY[(value ?? '').trim().toLowerCase()] ?? 'low';
}

/** Impact score: high 90, medium 70, otherwise 50. */
export function impactScore(severity: Severity): number {
  if (severity === 'high') return 90;
  if (severity === 'medium') return 70;
  return 50;
}

/** Hook action items carry a fixed impact score and severity. */
export const HOOK_ITEM_IMPACT_SCORE = 75;
export const HOOK_ITEM_SEVERITY: Severity = 'medium';
