// The score rules live in the shared package (one place for the web app, the server and the PDF).
export {
  DEFAULT_RISK_SCORE,
  analysisOptimizationLevel,
  optimizationBadgeLabel,
  optimizationLabel,
  optimizationLabelFromRisk,
  optimizationScore,
  riskLevel,
  riskScoreOrDefault,
  type AnalysisOptimizationLevel,
  type OptimizationBadgeLabel,
  type OptimizationLabel,
  type RiskLevel,
} from '@preflight/shared';
