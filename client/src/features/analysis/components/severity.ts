import type { Severity } from '../../../shared/reports';
import { riskColor, severityColor } from '../../../theme';

export const SEVERITY_COLOR: Record<Severity, string> = severityColor;
export const SEVERITY_LABEL: Record<Severity, string> = { high: 'High', medium: 'Medium', low: 'Low' };
export const RISK_COLOR: Record<'high' | 'medium' | 'low', string> = riskColor;
