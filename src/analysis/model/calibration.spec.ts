// Per-creator calibration on generated creators: each creator's "measured" curves come from a hidden calibration of
// the model (known here, never given to the fit) plus noise: per-second measurement noise and a per-video wobble of
// the decay (videos differ in ways no metric shows). Calibration must lower the leave-one-out error, leave a creator
// with fewer than three measured videos unchanged, and say so in words.
import { generatedCreator } from '../../../test/support/analysis/generated-creator';
import { calibrateCreator, calibratedSurvival, curveParts, MIN_VIDEOS } from './calibration';
import { IDENTITY_CALIBRATION, runModel, type CalibrationParams } from './retention';

const HIDDEN: CalibrationParams[] = [
  // Hooks that hold better, a slower decay, dead air that costs more.
  { start_level: 0.97, hook_mult: 0.5, decay_mult: 0.6, penalty_mult: 1.8 },
  // An impatient audience: a swipe-away at the start and a faster decay.
  { start_level: 0.85, hook_mult: 1.6, decay_mult: 1.7, penalty_mult: 1 },
  // A loyal audience that forgives pauses.
  { start_level: 1, hook_mult: 0.8, decay_mult: 0.45, penalty_mult: 0.4 },
];

describe('calibrateCreator on generated creators (hidden model + noise, 10 videos each)', () => {
  it.each(HIDDEN.map((h, i) => [i, h] as const))('creator %i: the leave-one-out error falls well below the general model’s', (i, hidden) => {
    const result = calibrateCreator(generatedCreator(hidden, 10, 11 + i));
    expect(result.status).toBe('calibrated');
    expect(result.videos).toBe(10);
    expect(result.loo_error_pts).not.toBeNull();
    expect(result.uncalibrated_error_pts).not.toBeNull();
    // At least a third less error on videos the calibration never saw.
    expect(result.loo_error_pts as number).toBeLessThan((result.uncalibrated_error_pts as number) * (2 / 3));
    expect(result.note).toBe(
      `Calibrated on your 10 posted videos; typical error ${Math.round(result.loo_error_pts as number)} points (checked on each video left out in turn). Uncalibrated, the model was off by ${Math.round(result.uncalibrated_error_pts as number)} points on the same videos.`,
    );
    // The multipliers the hidden model moves clearly move from the general model towards their hidden values.
    const p = result.params as CalibrationParams;
    for (const key of ['hook_mult', 'decay_mult', 'penalty_mult'] as const) {
      if (Math.abs(Math.log(hidden[key])) > 0.3) expect(Math.abs(Math.log(p[key] / hidden[key]))).toBeLessThan(Math.abs(Math.log(hidden[key])));
    }
  });

  it('a creator with fewer than three measured videos is not calibrated and the model is unchanged', () => {
    const videos = generatedCreator(HIDDEN[1], MIN_VIDEOS - 1, 5);
    const result = calibrateCreator(videos);
    expect(result).toEqual({
      status: 'uncalibrated',
      videos: 2,
      loo_error_pts: null,
      uncalibrated_error_pts: null,
      params: null,
      note: 'Uncalibrated: this is the general model. Add the measured retention of 3 posted videos to calibrate it to your audience (you have 2).',
    });
  });

  it('a creator whose audience is the general model gains nothing, and is not told otherwise', () => {
    const result = calibrateCreator(generatedCreator(IDENTITY_CALIBRATION, 6, 99, 3));
    // Either left uncalibrated, or calibrated with an honest leave-one-out error no worse than the general model's.
    if (result.status === 'uncalibrated') expect(result.note).toMatch(/^Uncalibrated: calibrating on your 6 posted videos did not predict a video left out better/);
    expect(result.loo_error_pts as number).toBeLessThanOrEqual((result.uncalibrated_error_pts as number) + 1e-9 + (result.status === 'uncalibrated' ? 1 : 0));
  });
});

describe('calibratedSurvival', () => {
  it('is exactly the model run with the calibration (one arithmetic, two uses)', () => {
    const [video] = generatedCreator(HIDDEN[0], 1, 3);
    const c: CalibrationParams = { start_level: 0.9, hook_mult: 1.3, decay_mult: 0.7, penalty_mult: 2 };
    const direct = runModel({ metrics: video.metrics, platform: 'tiktok', calibration: c }).survival;
    const fromParts = calibratedSurvival(curveParts(video), c);
    expect(fromParts).toHaveLength(direct.length);
    fromParts.forEach((s, i) => expect(s).toBeCloseTo(direct[i], 12));
    expect(calibratedSurvival(curveParts(video), IDENTITY_CALIBRATION)).toEqual(runModel({ metrics: video.metrics, platform: 'tiktok' }).survival);
  });
});
