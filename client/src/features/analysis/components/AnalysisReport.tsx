import Box from '@mui/material/Box';
import { useState, type ReactNode } from 'react';
import type { ReportView, RetentionComparison } from '@preflight/shared';
import { AfterFirstPaint } from '../../../shared/components/AfterFirstPaint';
import { FrameViewer, type SeekRequest } from './FrameViewer';
import { IssuesSection } from './IssuesSection';
import { OptimizationSummary } from './OptimizationSummary';
import { PlatformChecks } from './PlatformChecks';
import { PreventionPanel } from './PreventionPanel';
import { RetentionChart } from './RetentionChart';
import { ScoreHero } from './ScoreHero';
import { SegmentTimeline } from './SegmentTimeline';
import { WordChecks } from './WordChecks';

/**
 * The body of a report (Analysis page, and reusable by the shared report page): score, chart, frames, breakdown,
 * platform checks, word checks, issues. `platformControl` re-derives for another platform (the owner's page only).
 * The score paints first; everything below it renders right after, in slices (AfterFirstPaint).
 */
export function AnalysisReport({
  view,
  canViewFrames,
  platformControl,
  measured,
  measuredControl,
}: {
  view: ReportView;
  canViewFrames: boolean;
  platformControl?: ReactNode;
  /** The creator's measured retention against the prediction, when they added one. */
  measured?: RetentionComparison | null;
  /** "Add measured retention" (the owner's page only). */
  measuredControl?: ReactNode;
}) {
  const [seek, setSeek] = useState<SeekRequest | null>(null);
  const onSeek = (seconds: number) => setSeek({ seconds, nonce: Date.now() + Math.random() });
  return (
    <Box sx={{ display: 'grid', gap: { xs: 2, md: 3 } }}>
      <ScoreHero view={view} />
      <AfterFirstPaint>
        <RetentionChart
          curve={view.curve}
          calibration={view.calibration}
          dropOffs={view.dropOffs}
          audio={view.audio}
          measured={measured}
          control={measuredControl}
          onSeek={onSeek}
        />
        <FrameViewer frames={view.frames} canViewFrames={canViewFrames} framesExpired={view.framesExpired} seekRequest={seek} segments={view.segments} frameAspect={view.frameAspect.css} />
        {view.segments.length > 0 && <SegmentTimeline segments={view.segments} momentum={view.momentum} durationSeconds={view.durationSeconds} onSeek={onSeek} />}
        <Box sx={{ display: 'grid', gap: { xs: 2, md: 3 }, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <PreventionPanel view={view} />
          <OptimizationSummary view={view} />
        </Box>
        <PlatformChecks preset={view.preset} control={platformControl} frames={{ aspect: view.frameAspect.css, canView: canViewFrames, expired: view.framesExpired }} />
        <WordChecks words={view.words} />
        <Box sx={{ mt: { xs: 1, md: 2 } }}>
          <IssuesSection view={view} onSeek={onSeek} />
        </Box>
      </AfterFirstPaint>
    </Box>
  );
}
