import { articleForNumber, withArticle } from './articles';

describe('a or an before a spoken number', () => {
  it('an before eight, eleven and eighteen, however they continue', () => {
    for (const n of ['8', '8.4', '80', '83.5', '800', '8000', '11', '11.2', '18', '18.9', '11000', '18500', '8000000', '11000000']) expect([n, articleForNumber(n)]).toEqual([n, 'an']);
  });

  it('a before every other number', () => {
    for (const n of ['1', '1.5', '0.5', '2', '10', '12', '19', '100', '110', '118', '180', '1100', '1800', '111000', '7.9', '-3']) expect([n, articleForNumber(n)]).toEqual([n, 'a']);
  });

  it('takes numbers as well as their written form', () => {
    expect(withArticle(8.4)).toBe('an 8.4');
    expect(withArticle(6)).toBe('a 6');
    expect(withArticle('8.4 s')).toBe('an 8.4 s');
  });
});
