import { brand } from '../../../theme';

/** A and B keep one colour AND one line style everywhere (chart, strip, legend), so neither relies on colour alone. */
export const CUT_STYLE = {
  a: { color: brand.cyan, dash: '6 4', name: 'A' },
  b: { color: brand.violet, dash: undefined, name: 'B' },
} as const;

export const STRETCH_STYLE = {
  matched: { color: 'rgba(255,255,255,0.14)', label: 'In both cuts' },
  removed: { color: brand.danger, label: 'Only in A (cut from B)' },
  added: { color: brand.success, label: 'Only in B (new)' },
} as const;

export const COMPARE_CHART_HEIGHT = 260;
