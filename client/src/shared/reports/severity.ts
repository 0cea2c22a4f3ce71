// Severity rules live in the shared package (one place for the web app, the server and the PDF).
export { HOOK_ITEM_IMPACT_SCORE, HOOK_ITEM_SEVERITY, impactScore, mapLegacySeverity, mapSeverity, type Severity } from '@preflight/shared';
