// A creator's calibration on the report: applied to the curve, drop-offs and scores, said in words, kept when the
// report is re-derived; a creator with fewer than three measured videos gets exactly the general model's report.
import type { Metrics } from '@preflight/shared';
import { rederiveReport } from './analyze';
import { deriveReport } from './derive';
import { calibrateCreator } from './model/calibration';
import { generatedCreator } from '../../test/support/analysis/generated-creator';

const info = (m: Metrics) => ({
  original_filename: 'next.mp4', duration_seconds: m.duration_s, width: m.width, height: m.height, aspect_ratio: '9:16',
  orientation: 'vertical' as const, rotation: 0, fps: 30, variable_frame_rate: false, video_codec: 'h264', audio_codec: 'aac',
  has_audio: m.has_audio, file_size_bytes: 1, container: 'mp4',
});
const HIDDEN = { start_level: 0.9, hook_mult: 1.6, decay_mult: 1.7, penalty_mult: 1.2 };

describe('the calibration on the next report', () => {
  // Eleven videos by the same creator: ten posted and measured, the eleventh is the next one analysed.
  const videos = generatedCreator(HIDDEN, 11, 21);
  const next = videos[10];
  const derive = (calibration?: ReturnType<typeof calibrateCreator>) =>
    deriveReport({ metrics: next.metrics, videoInfo: info(next.metrics), style: 'balanced', platform: 'tiktok', frames: [], transcript: null, analysisSeconds: 1, warnings: [], generatedAt: '2026-11-27T00:00:00Z', calibration });

  it('a calibrated creator’s next curve is closer to what their audience does, and the report says how it was checked', () => {
    const calibration = calibrateCreator(videos.slice(0, 10));
    const general = derive();
    const calibrated = derive(calibration);
    const error = (r: typeof general) =>
      r.retention_curve.points.reduce((a, p, i) => a + Math.abs(p.retention_pct - (next.measured[i]?.retention_pct ?? p.retention_pct)), 0) / r.retention_curve.points.length;
    expect(error(calibrated)).toBeLessThan(error(general) / 2);
    expect(calibrated.retention_calibration).toEqual(calibration);
    expect(calibrated.retention_calibration?.note).toMatch(/^Calibrated on your 10 posted videos; typical error \d+ points? \(checked on each video left out in turn\)\. Uncalibrated, the model was off by \d+ points on the same videos\.$/);
    expect(calibrated.retention_curve.label).toBe('Predicted retention on TikTok (model estimate calibrated on your 10 posted videos, not measured)');
    expect(calibrated.viral_hook.predicted_hook_hold).toBeLessThan(general.viral_hook.predicted_hook_hold);
    // Re-deriving for another feedback style keeps the calibration the report was made with.
    const gentle = rederiveReport(calibrated, { style: 'gentle' });
    expect(gentle.retention_calibration).toEqual(calibration);
    expect(gentle.retention_curve.points).toEqual(calibrated.retention_curve.points);
  });

  it('with fewer than three measured videos the report is the general model’s, and says it is uncalibrated', () => {
    const calibration = calibrateCreator(videos.slice(0, 2));
    const general = derive();
    const withTwo = derive(calibration);
    const { retention_calibration, ...rest } = withTwo;
    expect(rest).toEqual(general);
    expect(retention_calibration?.status).toBe('uncalibrated');
    expect(retention_calibration?.note).toBe('Uncalibrated: this is the general model. Add the measured retention of 3 posted videos to calibrate it to your audience (you have 2).');
  });
});
