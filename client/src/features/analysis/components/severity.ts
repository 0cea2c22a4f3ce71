import type { Severity } from '../../../shared/reports';

export const SEVERITY_COLOR: Record<Severity, string> = { high: '#f87171', medium: '#fbbf24', low: '#94a3b8' };
export const SEVERITY_LABEL: Record<Severity, string> = { high: 'High', medium: 'Medium', low: 'Low' };
export const RISK_COLOR: Record<'high' | 'medium' | 'low', string> = { high: '#f87171', medium: '#fbbf24', low: '#34d399' };
