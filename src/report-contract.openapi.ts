import type { OpenAPIObject } from '@nestjs/swagger';
import { ComparisonSchema, DropOffSchema, MeasuredRetentionBodySchema, MeasuredRetentionViewSchema, RatedSegmentSchema, ReportSchema, ServedReportSchema } from '@preflight/shared';
import { z } from 'zod';

/**
 * The report contract in the OpenAPI document: JSON Schemas generated from the engine's zod schemas (the only source),
 * added as components that routes reference by name. The SDK's report types are generated from these, so no DTO
 * restates the report by hand.
 */
const REPORT_COMPONENTS = {
  ServedReport: ServedReportSchema,
  PreventionAnalytics: ReportSchema.shape.prevention_analytics,
  RetentionCurve: ReportSchema.shape.retention_curve,
  DropOff: DropOffSchema,
  RatedSegment: RatedSegmentSchema,
  Comparison: ComparisonSchema,
  MeasuredRetentionView: MeasuredRetentionViewSchema,
  MeasuredRetentionBody: MeasuredRetentionBodySchema,
} as const;

export type ReportComponent = keyof typeof REPORT_COMPONENTS;

/** `{ $ref }` to a report component, for @ApiOkResponse({ schema }) and @ApiProperty. */
export function reportSchemaRef(name: ReportComponent): { $ref: string } {
  return { $ref: `#/components/schemas/${name}` };
}

/** Adds the report components to a document built from the controllers. */
export function addReportComponents(document: OpenAPIObject): OpenAPIObject {
  const schemas = (document.components ??= {}).schemas ?? {};
  for (const [name, schema] of Object.entries(REPORT_COMPONENTS)) {
    const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'output' }) as Record<string, unknown>;
    schemas[name] = json;
  }
  document.components.schemas = schemas;
  return document;
}
