import Box from '@mui/material/Box';
import { useState, type ReactNode } from 'react';
import type { ReportView, RetentionComparison } from '@preflight/shared';
import { AfterFirstPaint } from '../../../shared/components/AfterFirstPaint';
import { FrameViewer, type SeekRequest } from './FrameViewer';
import { MoreIssues, UrgentFixes } from './IssuesSection';
import { OptimizationSummary } from './OptimizationSummary';
import { PlatformChecks } from './PlatformChecks';
import { PreventionPanel } from './PreventionPanel';
import { ProposedEditSection } from './ProposedEditSection';
import { RetentionChart } from './RetentionChart';
import { ScoreHero } from './ScoreHero';
import { SegmentTimeline } from './SegmentTimeline';
import { WordChecks, type ReportAudience } from './WordChecks';
import type { EditPanelState } from '../api/useEditDraft';

/**
 * The body of a report (the Analysis page and the shared report page), fixes first (docs/product.md, Analysis): the
 * score, the top fixes with their evidence, fix and frame, the retention curve, then everything else (frames,
 * breakdown, platform checks, word checks, the other issues). The PDF prints the same order.
 * `audience` decides what is said about checks that did not run: the creator reads one line, a client nothing.
 * `platformControl` re-derives for another platform (the owner's page only).
 * The score paints first; everything below it renders right after, in slices (AfterFirstPaint).
 */
export function AnalysisReport({
  view,
  canViewFrames,
  platformControl,
  measured,
  measuredControl,
  audience,
  edit,
}: {
  view: ReportView;
  canViewFrames: boolean;
  platformControl?: ReactNode;
  /** The creator's measured retention against the prediction, when they added one. */
  measured?: RetentionComparison | null;
  /** "Add measured retention" (the owner's page only). */
  measuredControl?: ReactNode;
  audience: ReportAudience;
  /** The proposed edit (editable on the owner's page, read-only on a shared one); absent when the report has none. */
  edit?: EditPanelState | null;
}) {
  const [seek, setSeek] = useState<SeekRequest | null>(null);
  const onSeek = (seconds: number) => setSeek({ seconds, nonce: Date.now() + Math.random() });
  const frames = { aspect: view.frameAspect.css, ratio: view.frameAspect.ratio, canView: canViewFrames, expired: view.framesExpired };
  return (
    <Box sx={{ display: 'grid', gap: { xs: 2, md: 3 } }}>
      <ScoreHero view={view} />
      <AfterFirstPaint>
        <UrgentFixes view={view} onSeek={onSeek} frames={frames} />
        <RetentionChart
          curve={view.curve}
          calibration={view.calibration}
          dropOffs={view.dropOffs}
          audio={view.audio}
          measured={measured}
          control={measuredControl}
          onSeek={onSeek}
          edit={edit}
        />
        {edit && <ProposedEditSection state={edit} issues={view.issues} analysed={{ fileSizeBytes: view.fileSizeBytes, durationSeconds: view.durationSeconds }} />}
        <FrameViewer frames={view.frames} canViewFrames={canViewFrames} framesExpired={view.framesExpired} seekRequest={seek} segments={view.segments} frameAspect={view.frameAspect.css} />
        {view.segments.length > 0 && <SegmentTimeline segments={view.segments} momentum={view.momentum} durationSeconds={view.durationSeconds} onSeek={onSeek} />}
        <Box sx={{ display: 'grid', gap: { xs: 2, md: 3 }, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <PreventionPanel view={view} />
          <OptimizationSummary view={view} />
        </Box>
        <PlatformChecks preset={view.preset} control={platformControl} frames={frames} audience={audience} />
        <WordChecks words={view.words} audience={audience} />
        <MoreIssues view={view} onSeek={onSeek} />
      </AfterFirstPaint>
    </Box>
  );
}
