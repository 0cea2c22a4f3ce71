// The severity rules' tests, beside the rules (run by the server's unit tier).
import { HOOK_ITEM_IMPACT_SCORE, HOOK_ITEM_SEVERITY, impactScore, mapLegacySeverity, mapSeverity } from './severity';

describe('mapSeverity', () => {
  it.each([
    ['Critical', 'high'],
    ['High', 'high'],
    ['Medium', 'medium'],
    ['Low', 'low'],
    ['critical', 'high'],
    [' HIGH ', 'high'],
    ['medium', 'medium'],
    ['whatever', 'low'],
    [undefined, 'low'],
  ])('%s → %s', (input, output) => {
    expect(mapSeverity(input)).toBe(output);
  });
});

describe('mapLegacySeverity', () => {
  it.each([
    ['breakthrough_killer', 'high'],
    ['scale_blocker', 'high'],
    ['retention_killer', 'high'],
    ['viral_gap', 'medium'],
    ['editing_gap', 'medium'],
    ['optimization', 'low'],
    ['none', 'low'],
    ['unheard_of', 'low'],
    [null, 'low'],
  ])('%s → %s', (input, output) => {
    expect(mapLegacySeverity(input)).toBe(output);
  });
});

describe('impactScore', () => {
  it('high 90, medium 70, otherwise 50', () => {
    expect(impactScore('high')).toBe(90);
    expect(impactScore('medium')).toBe(70);
    expect(impactScore('low')).toBe(50);
  });

  it('hook items are 75 with severity medium', () => {
    expect(HOOK_ITEM_IMPACT_SCORE).toBe(75);
    expect(HOOK_ITEM_SEVERITY).toBe('medium');
  });
});
