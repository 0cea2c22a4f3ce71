/**
 * The report as the API serves it (GET /reports/{id}_data/report.json, and the shared-report response): the engine's
 * report.json plus what only the server can add — signed, expiring frame URLs and whether the frames were already
 * deleted by the 48-hour retention. The web app validates every response with this schema, once, at the edge.
 */
import { z } from 'zod';
import { FrameRefSchema, ReportSchema } from './schema';

export const ServedFrameRefSchema = FrameRefSchema.extend({
  /** Signed, expiring URL of the frame image; absent once frames are deleted or for a caller who may not see them. */
  url: z.string().optional(),
});

export const ServedReportSchema = ReportSchema.extend({
  frames: z.array(ServedFrameRefSchema),
  /** True once the frame images were deleted (48 hours after the analysis); text and numbers stay. */
  frames_expired: z.boolean(),
});
export type ServedReport = z.infer<typeof ServedReportSchema>;

/** Thrown by parseServedReport: the response is not a report this version of the app understands. */
export class ReportContractError extends Error {
  constructor(readonly issues: { path: string; message: string }[]) {
    super(`The report data does not match the report format (${issues[0]?.path || 'root'}: ${issues[0]?.message ?? 'invalid'}).`);
    this.name = 'ReportContractError';
  }
}

/** Validates a served report once, at the edge; everything past this point can trust its types. */
export function parseServedReport(data: unknown): ServedReport {
  const parsed = ServedReportSchema.safeParse(data);
  if (!parsed.success) {
    throw new ReportContractError(parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })));
  }
  return parsed.data;
}
