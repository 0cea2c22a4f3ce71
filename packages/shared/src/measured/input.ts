/** The body of POST /api/reports/{id}/measured-retention: CSV text, or points as JSON (docs/api.md). */
import { z } from 'zod';
import { MEASURED_MAX_PCT, MEASURED_MAX_ROWS, MeasuredCsvError, parseMeasuredCsv, type MeasuredCurveInput } from './csv';

/** CSV text larger than this is not a retention export (a per-second curve of a 1 h video is ~45,000 characters; the API's JSON bodies stop at 100 kB). */
export const MEASURED_MAX_CSV_CHARS = 90_000;

export const MeasuredRetentionBodySchema = z.union([
  z.object({ csv: z.string().min(1).max(MEASURED_MAX_CSV_CHARS) }).strict(),
  z
    .object({
      time_unit: z.enum(['seconds', 'share']),
      points: z
        .array(z.object({ t: z.number().min(0).finite(), retention_pct: z.number().min(0).max(MEASURED_MAX_PCT) }).strict())
        .min(2)
        .max(MEASURED_MAX_ROWS),
    })
    .strict(),
]);
export type MeasuredRetentionBody = z.infer<typeof MeasuredRetentionBodySchema>;

/** Either form as one curve: sorted by time, distinct times; a share never past 1. Throws MeasuredCsvError. */
export function measuredCurveFromBody(body: MeasuredRetentionBody): MeasuredCurveInput {
  if ('csv' in body) return parseMeasuredCsv(body.csv);
  const points = [...body.points].sort((a, b) => a.t - b.t);
  points.forEach((p, i) => {
    if (i > 0 && p.t === points[i - 1]?.t) throw new MeasuredCsvError(`The time ${p.t} appears twice.`);
  });
  if (body.time_unit === 'share' && (points[points.length - 1]?.t ?? 0) > 1) throw new MeasuredCsvError('With time_unit "share", times run from 0 to 1.');
  return { unit: body.time_unit, points };
}
