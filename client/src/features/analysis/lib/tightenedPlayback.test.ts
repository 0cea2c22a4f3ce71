import { describe, expect, it } from 'vitest';
import { notTheSameVideo, skipTarget } from './tightenedPlayback';

const cuts = [
  { start_seconds: 0, end_seconds: 1.8, enabled: true },
  { start_seconds: 5, end_seconds: 6, enabled: true },
  { start_seconds: 6, end_seconds: 7, enabled: true },
  { start_seconds: 9, end_seconds: 16, enabled: false },
];

describe('skipTarget', () => {
  it('jumps to the end of the enabled cut playback is in, chaining touching cuts', () => {
    expect(skipTarget(0, cuts)).toBe(1.8);
    expect(skipTarget(5.2, cuts)).toBe(7);
    expect(skipTarget(3, cuts)).toBeNull();
    expect(skipTarget(7, cuts)).toBeNull();
  });
  it('plays a switched-off cut', () => {
    expect(skipTarget(10, cuts)).toBeNull();
  });
});

describe('notTheSameVideo', () => {
  const analysed = { fileSizeBytes: 4_311_783, durationSeconds: 28.3 };
  it('accepts the analysed file', () => {
    expect(notTheSameVideo({ size: 4_311_783, durationSeconds: 28.34 }, analysed)).toBeNull();
  });
  it('says why another file is refused', () => {
    expect(notTheSameVideo({ size: 100 }, analysed)).toBe('This is not the analysed video: it is 0.0 MB (100 bytes), the analysed one was 4.3 MB (4311783 bytes).');
    expect(notTheSameVideo({ size: 4_311_783, durationSeconds: 30 }, analysed)).toBe('This is not the analysed video: it lasts 30.00 s, the analysed one 28.30 s.');
  });
});
