import { parseComparison } from '@preflight/shared';
import { describe, expect, it } from 'vitest';
import fixture from '../test/comparison.fixture.json';
import { comparisonChartData } from './chartData';

describe('comparisonChartData', () => {
  const comparison = parseComparison(fixture);
  const data = comparisonChartData(comparison);

  it('samples both curves on one grid of the aligned timeline', () => {
    expect(data.xs[0]).toBe(0);
    expect(data.a).toHaveLength(data.xs.length);
    expect(data.b).toHaveLength(data.xs.length);
    expect(data.xs.length).toBeLessThanOrEqual(401);
  });

  it('breaks B where the timeline holds content B lacks (the trimmed intro, the removed stretch)', () => {
    for (const s of comparison.alignment.stretches.filter((x) => x.kind === 'removed')) {
      const inside = data.xs.map((x, i) => ({ x, i })).filter(({ x }) => x > s.aligned_start_s + 0.3 && x < s.aligned_end_s - 0.3);
      expect(inside.length).toBeGreaterThan(0);
      for (const { i } of inside) {
        expect(data.b[i]).toBeNull();
        expect(data.a[i]).not.toBeNull();
      }
    }
  });

  it('starts B at 100 % where its own first second sits on the timeline', () => {
    const firstB = data.b.findIndex((v) => v !== null);
    expect(data.b[firstB]).toBeGreaterThan(98);
    expect(data.xs[firstB]).toBeCloseTo(comparison.retention.b[0]!.aligned_s, 0);
  });
});
