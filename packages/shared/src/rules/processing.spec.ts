import { analysisSecondsLeft, ANALYSIS_OVERHEAD_SECONDS, DEFAULT_SECONDS_PER_VIDEO_SECOND, phaseLine } from './processing';

describe('analysisSecondsLeft: duration × this server’s measured speed', () => {
  it('at the start expects the whole analysis: overhead + duration × speed', () => {
    expect(analysisSecondsLeft(600, 0, 0.5)).toBe(ANALYSIS_OVERHEAD_SECONDS + 300);
    expect(analysisSecondsLeft(60, 0, 0.1)).toBe(ANALYSIS_OVERHEAD_SECONDS + 6);
  });

  it('scales with the part still to do', () => {
    expect(analysisSecondsLeft(600, 50, 0.5)).toBe(Math.round((ANALYSIS_OVERHEAD_SECONDS + 300) / 2));
    expect(analysisSecondsLeft(600, 90, 0.5)).toBe(Math.round((ANALYSIS_OVERHEAD_SECONDS + 300) / 10));
  });

  it('a slower server (more seconds per second of video) says more time left for the same video', () => {
    expect(analysisSecondsLeft(120, 20, 1.2)!).toBeGreaterThan(analysisSecondsLeft(120, 20, 0.2)!);
  });

  it('before any measurement (no speed) uses the default', () => {
    expect(analysisSecondsLeft(100, 0, Number.NaN)).toBe(ANALYSIS_OVERHEAD_SECONDS + 100 * DEFAULT_SECONDS_PER_VIDEO_SECOND);
    expect(analysisSecondsLeft(100, 0, 0)).toBe(ANALYSIS_OVERHEAD_SECONDS + 100 * DEFAULT_SECONDS_PER_VIDEO_SECOND);
  });

  it('never says 0 while running, and nothing once done or when the duration is unknown', () => {
    expect(analysisSecondsLeft(10, 99, 0.1)).toBe(1);
    expect(analysisSecondsLeft(10, 100, 0.1)).toBeNull();
    expect(analysisSecondsLeft(null, 10, 0.1)).toBeNull();
    expect(analysisSecondsLeft(0, 10, 0.1)).toBeNull();
    expect(analysisSecondsLeft(Number.POSITIVE_INFINITY, 10, 0.1)).toBeNull();
  });
});

describe('phaseLine', () => {
  it('shows the phase’s own percentage when it has one', () => {
    expect(phaseLine('decoding', 41.6)).toBe('Decoding the video · 42 %');
    expect(phaseLine('received', null)).toBe('Upload received');
    expect(phaseLine('rendering', undefined)).toBe('Rendering frames');
  });
});
