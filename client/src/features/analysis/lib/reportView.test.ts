// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fixture from '../test/report.fixture.json';
import { filterFrames, indexFromRatio, isTypingTarget, nearestIndex, stepIndex } from './frameViewer';
import { buildAnalysisView, DEFAULT_DURATION_S } from './reportView';

describe('buildAnalysisView (engine report fixture)', () => {
  const view = buildAnalysisView(fixture);

  it('reads the headline numbers', () => {
    expect(view.filename).toBe('flat-talking-head.mp4');
    expect(view.viralRisk).toBe(71);
    expect(view.score).toBe(29);
    expect(view.optimizationLabel).toBe('Start Over');
    expect(view.analysisLevel).toBe('Needs Work');
    expect(view.riskLevel).toBe('high');
    expect(view.roi?.currency).toBe('GBP');
    expect(view.roi?.assumptions.length).toBeGreaterThan(0);
    expect(view.feedbackStyle).toBe('brutal');
  });

  it('every issue carries evidence, a fix and an m:ss timestamp, sorted by time', () => {
    expect(view.issues).toHaveLength(4);
    for (const issue of view.issues) {
      expect(issue.evidence).toBeTruthy();
      expect(issue.fix).toBeTruthy();
      expect(issue.timestamp).toMatch(/^\d+:\d\d$/);
    }
    expect(view.issues.map((i) => i.seconds)).toEqual([...view.issues.map((i) => i.seconds)].sort((a, b) => a - b));
  });

  it('frames come from predictive_frames with legacy severities mapped and signed URLs', () => {
    expect(view.frames).toHaveLength(15);
    expect(view.frames[0]).toMatchObject({ timestamp: '0:00', severity: 'high', url: expect.stringContaining('signature=') });
    expect(view.frames.filter((f) => f.severity === 'medium')).toHaveLength(1);
    expect(view.framesExpired).toBe(false);
  });

  it('curve, drop-offs and rated segments', () => {
    expect(view.curve.label).toMatch(/Predicted/);
    expect(view.curve.points.length).toBeGreaterThan(10);
    expect(view.dropOffs.map((d) => d.timestamp)).toEqual(['0:00', '0:04']);
    expect(view.segments.map((s) => s.rating)).toEqual(['flat', 'neutral', 'flat']);
    expect(view.segments[0]!.url).toContain('signature=');
  });

  it('tolerates empty and foreign data', () => {
    const empty = buildAnalysisView({}, 'x.mp4');
    expect(empty).toMatchObject({ filename: 'x.mp4', viralRisk: 75, score: 25, frames: [], issues: [], durationSeconds: DEFAULT_DURATION_S, roi: null });
    const legacy = buildAnalysisView({
      detailed_analysis: [{ title: 'Slow intro', problem_description: 'd', actionable_recommendation_short: 'f', severity: 'Critical', category: 'hook', timestamp_start: '0:03', evidence: 'first words at 3 s' }],
      frames: [{ time_s: 2, path: 'frames/a.jpg', url: '/a.jpg' }],
    });
    expect(legacy.issues[0]).toMatchObject({ title: 'Slow intro', severity: 'high', evidence: 'first words at 3 s', seconds: 3 });
    expect(legacy.frames).toEqual([expect.objectContaining({ seconds: 2, url: '/a.jpg', severity: 'low' })]);
  });
});

describe('frame viewer rules', () => {
  const frames = [
    { seconds: 0, severity: 'high' as const },
    { seconds: 1, severity: 'low' as const },
    { seconds: 2, severity: 'medium' as const },
    { seconds: 3, severity: 'high' as const },
  ];
  it('filters all / high / medium', () => {
    expect(filterFrames(frames, 'all')).toHaveLength(4);
    expect(filterFrames(frames, 'high').map((f) => f.seconds)).toEqual([0, 3]);
    expect(filterFrames(frames, 'medium').map((f) => f.seconds)).toEqual([2]);
  });
  it('steps within bounds', () => {
    expect(stepIndex(0, -1, 4)).toBe(0);
    expect(stepIndex(2, 1, 4)).toBe(3);
    expect(stepIndex(3, 1, 4)).toBe(3);
    expect(stepIndex(0, 1, 0)).toBe(0);
  });
  it('click ratio → proportional frame', () => {
    expect(indexFromRatio(0, 4)).toBe(0);
    expect(indexFromRatio(0.49, 4)).toBe(1);
    expect(indexFromRatio(0.5, 4)).toBe(2);
    expect(indexFromRatio(1, 4)).toBe(3);
    expect(indexFromRatio(-2, 4)).toBe(0);
  });
  it('nearest frame to a moment', () => {
    expect(nearestIndex(frames, 2.4)).toBe(2);
    expect(nearestIndex(frames, 99)).toBe(3);
  });
  it('typing targets', () => {
    expect(isTypingTarget(null)).toBe(false);
    expect(isTypingTarget({ tagName: 'INPUT' } as unknown as EventTarget)).toBe(true);
    expect(isTypingTarget({ tagName: 'TEXTAREA' } as unknown as EventTarget)).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true } as unknown as EventTarget)).toBe(true);
    expect(isTypingTarget({ tagName: 'BUTTON', isContentEditable: false } as unknown as EventTarget)).toBe(false);
  });
});

describe('buildAnalysisView (shared sample-report fixture, assets/sample-report)', () => {
  it('reads the sample report the landing page and public samples use', async () => {
    const sample = (await import('../../../../../assets/sample-report/report.json')).default;
    const view = buildAnalysisView(sample);
    expect(view.filename).toBe(sample.video_info.original_filename);
    expect(view.viralRisk).toBe(sample.prevention_analytics.viral_risk_score);
    expect(view.issues).toHaveLength(sample.prevention_analytics.prevention_fixes.length);
    expect(view.issues.every((i) => i.evidence && i.fix)).toBe(true);
    expect(view.frames).toHaveLength(sample.predictive_frames.length);
    expect(view.dropOffs).toHaveLength(sample.drop_offs.length);
    expect(view.curve.points.length).toBe(sample.retention_curve.points.length);
  });
});
