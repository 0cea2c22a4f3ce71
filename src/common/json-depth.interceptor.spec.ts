import { jsonDepth } from './json-depth.interceptor';

describe('jsonDepth', () => {
  it('counts object and array levels, scalars count zero', () => {
    expect(jsonDepth(1)).toBe(0);
    expect(jsonDepth(null)).toBe(0);
    expect(jsonDepth({})).toBe(1);
    expect(jsonDepth({ a: [1, { b: 2 }] })).toBe(3);
  });

  it('measures a 100 000-deep value without exhausting the stack and stops early at the limit', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i += 1) deep = { a: deep };
    expect(jsonDepth(deep)).toBe(100_000);
    expect(jsonDepth(deep, 32)).toBe(33);
  });
});
