// The score rules' tests, beside the rules (run by the server's unit tier).
import {
  analysisOptimizationLevel,
  DEFAULT_RISK_SCORE,
  optimizationBadgeLabel,
  optimizationLabel,
  optimizationLabelFromRisk,
  optimizationScore,
  riskLevel,
  riskScoreOrDefault,
} from './score';

describe('optimizationScore', () => {
  it.each([
    [0, 100],
    [25, 75],
    [100, 0],
    [-20, 100],
    [130, 0],
    [33.5, 66.5],
  ])('risk %s → %s (inverted and clamped 0–100)', (risk, score) => {
    expect(optimizationScore(risk)).toBe(score);
  });

  it('uses the default risk 75 when the score is missing', () => {
    expect(DEFAULT_RISK_SCORE).toBe(75);
    expect(optimizationScore(undefined)).toBe(25);
    expect(optimizationScore(null)).toBe(25);
    expect(optimizationScore(Number.NaN)).toBe(25);
    expect(riskScoreOrDefault(undefined)).toBe(75);
    expect(riskScoreOrDefault(0)).toBe(0);
  });
});

describe('optimizationLabel (bands 90 / 70 / 50 / 30)', () => {
  it.each([
    [100, 'Ready to Publish'],
    [90, 'Ready to Publish'],
    [89.9, 'Almost There'],
    [89, 'Almost There'],
    [70, 'Almost There'],
    [69, 'Needs Polish'],
    [50, 'Needs Polish'],
    [49, 'Major Fixes Needed'],
    [30, 'Major Fixes Needed'],
    [29, 'Start Over'],
    [0, 'Start Over'],
  ])('score %s → %s', (score, label) => {
    expect(optimizationLabel(score)).toBe(label);
  });

  it('the badge helper labels the 30–49 band "Needs Work" and agrees elsewhere', () => {
    expect(optimizationBadgeLabel(49)).toBe('Needs Work');
    expect(optimizationBadgeLabel(30)).toBe('Needs Work');
    expect(optimizationBadgeLabel(29)).toBe('Start Over');
    expect(optimizationBadgeLabel(50)).toBe('Needs Polish');
    expect(optimizationBadgeLabel(70)).toBe('Almost There');
    expect(optimizationBadgeLabel(90)).toBe('Ready to Publish');
  });

  it.each([
    [10, 'Ready to Publish'],
    [11, 'Almost There'],
    [30, 'Almost There'],
    [31, 'Needs Polish'],
    [50, 'Needs Polish'],
    [51, 'Major Fixes Needed'],
    [70, 'Major Fixes Needed'],
    [71, 'Start Over'],
    [undefined, 'Start Over'],
  ])('from risk %s → %s', (risk, label) => {
    expect(optimizationLabelFromRisk(risk)).toBe(label);
  });
});

describe('riskLevel (70 / 40)', () => {
  it.each([
    [100, 'high'],
    [70, 'high'],
    [69.9, 'medium'],
    [40, 'medium'],
    [39, 'low'],
    [0, 'low'],
  ])('score %s → %s', (score, level) => {
    expect(riskLevel(score)).toBe(level);
  });
});

describe('analysisOptimizationLevel (70 / 30)', () => {
  it.each([
    [100, 'Needs Work'],
    [70, 'Needs Work'],
    [69, 'Good'],
    [30, 'Good'],
    [29, 'Excellent'],
    [0, 'Excellent'],
  ])('score %s → %s', (score, label) => {
    expect(analysisOptimizationLevel(score)).toBe(label);
  });
});
