// The timestamp rules' tests, beside the rules (run by the server's unit tier).
import { formatDuration, formatTimestamp, parseTimestamp, sortByTimestamp } from './timestamp';

describe('parseTimestamp', () => {
  it.each([
    ['0:00', 0],
    ['0:07', 7],
    ['1:05', 65],
    ['12:30', 750],
    [' 2:03 ', 123],
    ['0:7', 7],
    ['1:05.5', 65.5],
  ])('%s → %s s', (input, seconds) => {
    expect(parseTimestamp(input)).toBe(seconds);
  });

  it.each([['1:02:03'], ['45'], [''], [':'], ['a:bc'], ['1:'], [':30'], ['-1:30'], ['1:2:'], [undefined], [null]])(
    '%s is not two colon-separated numbers → 0',
    (input) => {
      expect(parseTimestamp(input)).toBe(0);
    },
  );
});

describe('formatTimestamp', () => {
  it.each([
    [0, '0:00'],
    [7, '0:07'],
    [59.9, '0:59'],
    [60, '1:00'],
    [65, '1:05'],
    [750, '12:30'],
    [3600, '60:00'],
    [-5, '0:00'],
    [Number.NaN, '0:00'],
    [undefined, '0:00'],
  ])('%s s → %s', (seconds, text) => {
    expect(formatTimestamp(seconds)).toBe(text);
  });

  it('round-trips', () => {
    for (const s of [0, 9, 61, 599, 3599]) expect(parseTimestamp(formatTimestamp(s))).toBe(s);
  });
});

describe('sortByTimestamp', () => {
  it('sorts ascending by m:ss, stable for equal times, without mutating the input', () => {
    const items = [
      { id: 'a', timestamp: '1:10' },
      { id: 'b', timestamp: '0:09' },
      { id: 'c', timestamp: 'bad' },
      { id: 'd', timestamp: '0:09' },
      { id: 'e', timestamp: '10:00' },
      { id: 'f', timestamp: '2:00' },
    ];
    const copy = [...items];
    expect(sortByTimestamp(items).map((i) => i.id)).toEqual(['c', 'b', 'd', 'a', 'f', 'e']);
    expect(items).toEqual(copy);
  });
});

describe('formatDuration', () => {
  it('reads m:ss under an hour and h:mm:ss from an hour up (never "60:00")', () => {
    expect(formatDuration(42)).toBe('0:42');
    expect(formatDuration(1127.4)).toBe('18:47');
    expect(formatDuration(3600)).toBe('1:00:00');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(-1)).toBe('0:00');
  });
});
