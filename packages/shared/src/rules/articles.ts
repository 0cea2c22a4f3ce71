/**
 * "a" or "an" before a number as it is spoken: "an 8.4 s pause", "an 11 s shot", "an 18 s clip", "a 1.5 s gap",
 * "a 100 s ending". The article follows the sound of the first word said: eight, eleven, eighteen (and eighty,
 * eight hundred, eleven thousand…) start with a vowel sound; every other number does not.
 */
export function articleForNumber(value: number | string): 'a' | 'an' {
  const digits = String(value).trim().replace(/^[-+]/, '').split('.')[0]!.replace(/[^0-9]/g, '').replace(/^0+(?=\d)/, '');
  if (!digits) return 'a';
  if (digits.startsWith('8')) return 'an';
  // Read in groups of three: a leading group of two digits 11 or 18 is "eleven …" / "eighteen …".
  return digits.length % 3 === 2 && (digits.startsWith('11') || digits.startsWith('18')) ? 'an' : 'a';
}

/** The number with its article: withArticle('8.4') = "an 8.4". */
export function withArticle(value: number | string): string {
  return `${articleForNumber(value)} ${value}`;
}
