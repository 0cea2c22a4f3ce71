// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast';
import { brand, riskColor, severityColor, theme } from './theme';

/** WCAG 2.1 AA: 4.5:1 for text, 3:1 for large text and for graphics that carry meaning (bars, markers, borders). */
const AA_TEXT = 4.5;
const AA_GRAPHICS = 3;

const backgrounds = { ink: brand.ink, surface: brand.surface, surfaceRaised: brand.surfaceRaised } as const;
const each = Object.entries(backgrounds);

describe('theme tokens meet WCAG AA contrast', () => {
  it('the contrast check itself matches known values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('rgba(0,0,0,0)', '#ffffff')).toBeCloseTo(1, 5);
  });

  it.each(each)('body and secondary text on %s', (_name, bg) => {
    expect(contrastRatio(theme.palette.text.primary, bg)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(theme.palette.text.secondary, bg)).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it.each(each)('palette colours used as text (links, chips, status words) on %s', (_name, bg) => {
    for (const key of ['primary', 'secondary', 'success', 'warning', 'error', 'info'] as const) {
      expect({ key, ratio: contrastRatio(theme.palette[key].main, bg) }).toEqual({ key, ratio: expect.toSatisfy((r: number) => r >= AA_TEXT) });
    }
  });

  it.each(each)('risk, severity and timeline colours on %s', (_name, bg) => {
    for (const [key, color] of Object.entries({ ...riskColor, ...severityColor, fire: brand.fire, info: brand.info, muted: brand.muted })) {
      expect({ key, ratio: contrastRatio(color, bg) }).toEqual({ key, ratio: expect.toSatisfy((r: number) => r >= AA_GRAPHICS) });
    }
  });

  it('button labels on filled buttons', () => {
    expect(contrastRatio(theme.palette.primary.contrastText, theme.palette.primary.main)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(theme.palette.secondary.contrastText, theme.palette.secondary.main)).toBeGreaterThanOrEqual(AA_TEXT);
  });
});
