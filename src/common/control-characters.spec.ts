import { BadRequestException } from '@nestjs/common';
import { controlCharacterMessage, findControlCharacter, refuseControlCharacters } from './control-characters';

describe('findControlCharacter', () => {
  it('refuses NUL, every other C0 control and DEL, in any field, naming its path', () => {
    expect(findControlCharacter({ name: 'a\u0000b' })).toEqual({ path: 'name', character: 'U+0000' });
    expect(findControlCharacter({ settings: { url: 'https://x.example/\u001b[31m' } })).toEqual({ path: 'settings.url', character: 'U+001B' });
    expect(findControlCharacter({ events: ['analysis.completed', 'x\u007f'] })).toEqual({ path: 'events[1]', character: 'U+007F' });
    for (let code = 0; code < 0x20; code += 1) expect(findControlCharacter({ f: `a${String.fromCharCode(code)}` })?.character).toBe(`U+${code.toString(16).toUpperCase().padStart(4, '0')}`);
    expect(findControlCharacter('\u0000')).toEqual({ path: '(the body)', character: 'U+0000' });
  });

  it('allows tab, LF and CR only in the declared free-text fields; NUL never', () => {
    const csv = 'time\tretention\r\n0:00\t100\n';
    expect(findControlCharacter({ csv })).toEqual({ path: 'csv', character: 'U+0009' });
    expect(findControlCharacter({ csv }, ['csv'])).toBeNull();
    expect(findControlCharacter({ csv: `${csv}\u0000` }, ['csv'])).toEqual({ path: 'csv', character: 'U+0000' });
    expect(findControlCharacter({ csv: 'a\u000bb' }, ['csv'])?.character).toBe('U+000B');
    expect(findControlCharacter({ note: { csv } }, ['csv'])?.path).toBe('note.csv');
  });

  it('checks keys too, and shows a control character in a path escaped', () => {
    expect(findControlCharacter({ settings: { 'a\u0000b': 1 } })).toEqual({ path: 'settings.a\\u0000b', character: 'U+0000' });
  });

  it('lets through what holds none: unicode, numbers, nulls, C1 and bidirectional characters (other rules judge those)', () => {
    expect(findControlCharacter({ a: 'Café 🎬 видео', b: 1, c: null, d: [true, { e: '\u0085\u202e' }] })).toBeNull();
    expect(findControlCharacter(undefined)).toBeNull();
  });

  it('walks a deep body without recursion', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 50_000; i += 1) deep = [deep];
    expect(findControlCharacter(deep)?.character).toBe('U+0000');
  });

  it('throws the 400 naming the field', () => {
    expect(() => refuseControlCharacters({ name: '\u0000' })).toThrow(new BadRequestException('name must not contain control characters (found U+0000)'));
    expect(controlCharacterMessage({ path: 'settings.url', character: 'U+000A' })).toBe('settings.url must not contain control characters (found U+000A)');
  });
});
