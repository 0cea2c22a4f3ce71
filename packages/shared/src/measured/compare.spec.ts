// Predicted against measured: alignment to the video's length, confirmed drop-offs, and the error in words.
import { MeasuredCsvError } from './csv';
import { compareRetention, interpolate, measuredInSeconds } from './compare';
import type { MeasuredPoint } from './schema';

/** A predicted curve, one point per second: a hook loss to 3 s, then a steady decay, and a cliff at 20 s. */
function predictedCurve(duration: number): MeasuredPoint[] {
  const pts: MeasuredPoint[] = [];
  for (let t = 0; t <= duration; t++) {
    const hook = t < 3 ? 100 - 8 * t : 76;
    const cliff = t >= 21 ? 10 : t >= 20 ? 5 : 0;
    pts.push({ t_s: t, retention_pct: Math.round((hook - 0.5 * Math.max(0, t - 3) - cliff) * 10) / 10 });
  }
  return pts;
}

describe('measuredInSeconds', () => {
  it('turns a share of the video into seconds of this video', () => {
    expect(measuredInSeconds({ unit: 'share', points: [{ t: 0, retention_pct: 100 }, { t: 0.5, retention_pct: 60 }, { t: 1, retention_pct: 40 }] }, 40)).toEqual([
      { t_s: 0, retention_pct: 100 },
      { t_s: 20, retention_pct: 60 },
      { t_s: 40, retention_pct: 40 },
    ]);
  });

  it('refuses a curve that runs well past the video (another video) and trims rounding past the end', () => {
    expect(() => measuredInSeconds({ unit: 'seconds', points: [{ t: 0, retention_pct: 100 }, { t: 95, retention_pct: 30 }] }, 60)).toThrow(
      new MeasuredCsvError('The measured curve runs to 1:35 but this video is 1:00 long: is it the right video?'),
    );
    const trimmed = measuredInSeconds({ unit: 'seconds', points: [{ t: 0, retention_pct: 100 }, { t: 59, retention_pct: 41 }, { t: 60.4, retention_pct: 40 }] }, 60);
    expect(trimmed[trimmed.length - 1].t_s).toBe(60);
  });
});

describe('compareRetention', () => {
  const duration = 40;
  const predicted = predictedCurve(duration);
  const dropOffs = [
    { time_s: 20, peak_s: 20, predicted_loss: 10, cause: 'dead air' },
    { time_s: 32, peak_s: 33, predicted_loss: 3, cause: 'static shot' },
  ];

  it('confirms the drop-off the measured curve shows (2 s late) and not the one it does not; says how far off and how the hook held', () => {
    // Measured: hook held better (84 % at 3 s against 76 %), the fall came at 22 s, nothing at 32 s; 6 points lower overall.
    const measured: MeasuredPoint[] = [];
    for (let t = 0; t <= duration; t += 2) {
      const hook = t < 3 ? 100 - 5.3 * t : 84;
      const fall = t >= 24 ? 22 : t >= 22 ? 11 : 0;
      measured.push({ t_s: t, retention_pct: Math.max(0, hook - 0.5 * Math.max(0, t - 3) - fall) });
    }
    const c = compareRetention({ predicted, dropOffs, hookWindowS: 3, durationS: duration, measured });
    expect(c.drop_offs.map((d) => d.confirmed)).toEqual([true, false]);
    expect(c.hook.measured_pct).toBeGreaterThan(c.hook.predicted_pct);
    expect(c.points).toHaveLength(duration + 1);
    expect(c.coverage).toBe(1);
    expect(c.summary).toMatch(/^Our prediction was \d+ points? (high|low) on average; the hook held better than predicted \(\d+ % measured against 76 % predicted at 0:03\)\. 1 of 2 predicted drop-offs is confirmed by a measured fall\.$/);
    const mean = c.points.filter((p) => p.measured_pct !== null).reduce((a, p) => a + p.predicted_pct - (p.measured_pct as number), 0) / c.points.length;
    expect(c.mean_bias_pts).toBeCloseTo(mean, 0);
  });

  it('says "high" when the prediction sits above the measured curve and names the part not compared', () => {
    const measured = predicted.filter((p) => p.t_s <= 20).map((p) => ({ t_s: p.t_s, retention_pct: p.retention_pct - 6 }));
    const c = compareRetention({ predicted, dropOffs: [], hookWindowS: 3, durationS: duration, measured });
    expect(c.mean_bias_pts).toBe(6);
    expect(c.mean_abs_error_pts).toBe(6);
    expect(c.summary).toBe(
      'Our prediction was 6 points high on average; the hook lost more viewers than predicted (70 % measured against 76 % predicted at 0:03). We predicted no distinct drop-off. The measured curve covers 50 % of the video; the rest is not compared.',
    );
    expect(c.points[30].measured_pct).toBeNull();
  });

  it('a measured curve equal to the prediction confirms every predicted fall and reads "within a point"', () => {
    const c = compareRetention({ predicted, dropOffs: dropOffs.slice(0, 1), hookWindowS: 3, durationS: duration, measured: predicted });
    expect(c.drop_offs[0].confirmed).toBe(true);
    expect(c.summary.startsWith('Our prediction was within a point of the measured curve on average; the hook held as predicted')).toBe(true);
  });
});

describe('interpolate', () => {
  it('is linear between points and null outside them', () => {
    const pts = [{ t_s: 0, retention_pct: 100 }, { t_s: 10, retention_pct: 50 }];
    expect(interpolate(pts, 5)).toBe(75);
    expect(interpolate(pts, 11)).toBeNull();
  });
});
