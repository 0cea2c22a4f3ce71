// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../shared/reports';
import { extraStats, formatPounds } from './dashboardStats';

describe('extraStats', () => {
  it('is null without completed reports', () => {
    expect(extraStats([])).toBeNull();
    expect(extraStats([{ status: 'processing', dropOffLikelihood: 10 }])).toBeNull();
  });
  it('averages drop-off, sums £, the watch time gained and fixes over completed reports', () => {
    expect(
      extraStats([
        { status: 'completed', dropOffLikelihood: 20, preventionROI: 1.5, watchGainSeconds: 4.2, issuesCount: 3 },
        { status: 'completed', dropOffLikelihood: 31, preventionROI: 2.25, watchGainSeconds: 1.8, issuesCount: 2 },
        { status: 'error', dropOffLikelihood: 90, preventionROI: 100, watchGainSeconds: 50, issuesCount: 9 },
      ]),
    ).toEqual({ dropOffRate: 25.5, growthPotential: 3.75, minutesPer1000Views: 100, patternFixes: 5 }); // 6 s a view × 1,000 = 100 min
    expect(extraStats([{ status: 'completed' }])).toEqual({ dropOffRate: 0, growthPotential: 0, minutesPer1000Views: null, patternFixes: 0 });
  });
  it('formats pounds and date-times', () => {
    expect(formatPounds(1234.5)).toBe('£1,234.50');
    expect(formatDateTime('nope')).toBe('');
    expect(formatDateTime('2026-11-21T09:30:00Z')).toMatch(/21 Nov 2026/);
  });
});
