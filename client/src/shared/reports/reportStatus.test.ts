// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  averageRisk,
  countOptimized,
  isCompletedStatus,
  isProcessingStatus,
  overallOptimizationLevel,
  reportStatusDisplay,
  sumIssues,
} from './reportStatus';

describe('report status', () => {
  it('knows completed and processing', () => {
    expect(isCompletedStatus('completed')).toBe(true);
    expect(isCompletedStatus('processing')).toBe(false);
    expect(isCompletedStatus('error')).toBe(false);
    expect(isCompletedStatus(undefined)).toBe(false);
    expect(isProcessingStatus('processing')).toBe(true);
    expect(isProcessingStatus('completed')).toBe(false);
  });

  it.each([
    ['completed', 'completed', 'success'],
    ['processing', 'processing', 'info'],
    ['error', 'error', 'error'],
    ['queued', 'queued', 'default'],
    ['', 'unknown', 'default'],
    [null, 'unknown', 'default'],
  ])('%s is displayed as %s (%s)', (status, label, color) => {
    expect(reportStatusDisplay(status)).toEqual({ label, color });
  });
});

describe('dashboard stats', () => {
  const reports = [
    { status: 'completed', viralRiskScore: 20, issuesCount: 4 },
    { status: 'completed', viralRiskScore: 40, issuesCount: 2 },
    { status: 'processing', viralRiskScore: 99, issuesCount: 9 },
    { status: 'error', viralRiskScore: 99, issuesCount: 9 },
  ];

  it('Videos Optimized counts completed reports', () => {
    expect(countOptimized(reports)).toBe(2);
    expect(countOptimized([])).toBe(0);
  });

  it('Pattern Insights sums issue counts over completed reports (missing counts as 0)', () => {
    expect(sumIssues(reports)).toBe(6);
    expect(sumIssues([{ status: 'completed' }])).toBe(0);
  });

  it('Optimization Level is the label of the average risk of completed reports', () => {
    expect(averageRisk(reports)).toBe(30);
    expect(overallOptimizationLevel(reports)).toBe('Almost There'); // 100 - 30 = 70
  });

  it('a completed report without a risk score counts as 75', () => {
    expect(averageRisk([{ status: 'completed' }, { status: 'completed', viralRiskScore: 25 }])).toBe(50);
    expect(overallOptimizationLevel([{ status: 'completed', viralRiskScore: null }])).toBe('Start Over'); // 100 - 75 = 25
  });

  it('is N/A when no report is completed', () => {
    expect(averageRisk([{ status: 'processing', viralRiskScore: 10 }])).toBeNull();
    expect(overallOptimizationLevel([])).toBe('N/A');
    expect(overallOptimizationLevel([{ status: 'processing', viralRiskScore: 10 }])).toBe('N/A');
  });
});
