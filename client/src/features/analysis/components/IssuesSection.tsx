import PriorityHighRounded from '@mui/icons-material/PriorityHighRounded';
import ScheduleRounded from '@mui/icons-material/ScheduleRounded';
import VerifiedRounded from '@mui/icons-material/VerifiedRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { brand } from '../../../theme';
import type { ReportView, ViewIssue } from '@preflight/shared';
import { CATEGORY_META } from '../../../shared/reports';
import { FrameImage } from './FrameImage';
import { SEVERITY_COLOR } from './severity';

/** What an urgent card's frame needs: the video's shape and whether frames may be seen here. */
export interface FixFrames {
  aspect: string;
  ratio: number;
  canView: boolean;
  expired: boolean;
}

/** A fix's frame beside its text: narrow enough that the card stays short on a phone, whatever the video's shape. */
function FixFrame({ issue, frames, onSeek }: { issue: ViewIssue; frames: FixFrames; onSeek: (s: number) => void }) {
  // Vertical video: a tall thumbnail 88 px (phone) / 120 px wide; landscape: wider, so both stay about as tall.
  const width = frames.ratio < 1 ? { xs: 88, sm: 120 } : { xs: 132, sm: 200 };
  return (
    <ButtonBase
      onClick={() => onSeek(issue.seconds)}
      aria-label={`Open the frame at ${issue.timestamp} in the frame viewer`}
      data-testid="fix-frame"
      sx={{ width, aspectRatio: frames.aspect, display: 'block', borderRadius: 3, flexShrink: 0 }}
    >
      <FrameImage url={issue.frame?.url} timestamp={issue.timestamp} title={issue.title} canView={frames.canView} expired={frames.expired} />
    </ButtonBase>
  );
}

/**
 * An urgent card sits under the section's h2, a grouped one under its category's h3: the title is one level below.
 * An urgent card shows its frame beside the text (evidence, fix and frame together: what a creator acts on).
 */
function IssueCard({ issue, urgentRank, onSeek, frames }: { issue: ViewIssue; urgentRank?: number; onSeek: (s: number) => void; frames?: FixFrames }) {
  const titleLevel = urgentRank === undefined ? 'h4' : 'h3';
  const { Icon } = CATEGORY_META[issue.category];
  const color = SEVERITY_COLOR[issue.severity];
  // A locked or deleted frame adds nothing beside the text: only a picture that can be seen takes the space.
  const showFrame = !!(frames?.canView && !frames.expired && issue.frame?.url);
  // The urgent cards are the first screen: plain words there, the loudness figures one tap away (docs/product.md).
  const plainFirst = urgentRank !== undefined && issue.plain.technical;
  const text = urgentRank !== undefined ? issue.plain : issue;
  return (
    <Card component="article" data-testid="issue" aria-label={issue.title} sx={{ p: { xs: 2, md: 2.5 }, borderLeft: `3px solid ${color}` }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        {urgentRank !== undefined && (
          <Box sx={{ width: 24, height: 24, borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: alpha(color, 0.18), color, fontWeight: 800, fontSize: 13 }}>{urgentRank}</Box>
        )}
        <ButtonBase onClick={() => onSeek(issue.seconds)} aria-label={`Show frame at ${issue.timestamp}`} sx={{ borderRadius: 1, px: 0.75, py: 0.25, bgcolor: alpha(brand.white, 0.06), gap: 0.5 }}>
          <ScheduleRounded sx={{ fontSize: 14 }} />
          <Typography variant="body2" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
            {issue.timestamp}
          </Typography>
        </ButtonBase>
        <Chip size="small" label={issue.severityLabel} sx={{ height: 22, bgcolor: alpha(color, 0.16), color }} />
        <Chip size="small" icon={<Icon sx={{ fontSize: 14 }} />} label={issue.categoryLabel} variant="outlined" sx={{ height: 22 }} />
        <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
          Impact {issue.impactScore}
        </Typography>
      </Box>
      {/*
        The frame sits in its own column beside all of the text (title, description, evidence and fix) from sm up, so a
        tall portrait frame no longer leaves an empty stretch under a short title at 1280 px; on a phone it stays beside
        the title and the evidence and fix take the full width under both.
      */}
      <Box
        sx={{
          display: 'grid',
          columnGap: 1.5,
          rowGap: 1.25,
          gridTemplateColumns: showFrame ? 'minmax(0, 1fr) auto' : 'minmax(0, 1fr)',
          gridTemplateAreas: showFrame ? { xs: '"text frame" "boxes boxes"', sm: '"text frame" "boxes frame"' } : '"text" "boxes"',
          gridTemplateRows: showFrame ? { sm: 'auto 1fr' } : undefined,
        }}
      >
        <Box sx={{ gridArea: 'text', minWidth: 0 }}>
          <Typography component={titleLevel} sx={{ fontWeight: 700, fontSize: '1.05rem', mb: 0.5 }}>
            {issue.title}
          </Typography>
          {issue.gainText && (
            <Typography data-testid="fix-gain" variant="body2" sx={{ color: 'success.main', fontWeight: 700, mb: 0.5 }}>
              {issue.gainText}
            </Typography>
          )}
          {text.description && (
            <Typography variant="body2" color="text.secondary">
              {text.description}
            </Typography>
          )}
        </Box>
        {showFrame && frames && (
          <Box sx={{ gridArea: 'frame', alignSelf: 'start' }}>
            <FixFrame issue={issue} frames={frames} onSeek={onSeek} />
          </Box>
        )}
        {/* Beside a frame the column is narrower: evidence and fix side by side only from md. */}
        <Box sx={{ gridArea: 'boxes', alignSelf: 'start', display: 'grid', gap: 1, gridTemplateColumns: showFrame ? { xs: '1fr', md: '1fr 1fr' } : { xs: '1fr', sm: '1fr 1fr' } }}>
          <Box sx={{ p: 1.25, borderRadius: 2, bgcolor: alpha(brand.white, 0.03), border: `1px solid ${brand.line}` }}>
            <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 700 }}>
              Evidence
            </Typography>
            <Typography variant="body2">{text.evidence || 'Measured from the video signals.'}</Typography>
            {plainFirst && (
              <Box component="details" data-testid="issue-figures" sx={{ mt: 0.75, '& summary': { cursor: 'pointer', color: 'text.secondary', fontSize: '0.8rem' } }}>
                <summary>The figures</summary>
                <Typography variant="body2" sx={{ mt: 0.5 }}>{issue.evidence}</Typography>
                <Typography variant="body2" sx={{ mt: 0.5 }}>{issue.fix}</Typography>
              </Box>
            )}
          </Box>
          <Box sx={{ p: 1.25, borderRadius: 2, bgcolor: alpha(brand.success, 0.07), border: `1px solid ${alpha(brand.success, 0.25)}` }}>
            <Typography variant="caption" sx={{ color: 'success.main', fontWeight: 700 }}>
              Fix
            </Typography>
            <Typography variant="body2">{text.fix}</Typography>
          </Box>
        </Box>
      </Box>
    </Card>
  );
}

/**
 * The top fixes, straight after the score (docs/product.md, Analysis: fixes first): the three most urgent issues,
 * each with its evidence, fix and frame; "No Critical Issues Found!" when there are none.
 */
export function UrgentFixes({ view, onSeek, frames }: { view: ReportView; onSeek: (s: number) => void; frames: FixFrames }) {
  if (!view.issues.length) {
    return (
      <Card component="section" sx={{ p: { xs: 3, md: 4 }, textAlign: 'center', borderColor: alpha(brand.success, 0.35) }}>
        <VerifiedRounded sx={{ fontSize: 44, color: 'success.main', mb: 1 }} />
        <Typography variant="h5" component="h2">
          No Critical Issues Found!
        </Typography>
        <Typography color="text.secondary">Low viral risk ({view.score.viralRisk}/100): this video is ready to post.</Typography>
      </Card>
    );
  }
  return (
    <Box component="section" aria-labelledby="issues-title">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <PriorityHighRounded sx={{ color: SEVERITY_COLOR.high }} />
        <Typography id="issues-title" variant="h5" component="h2">
          Urgent fixes
        </Typography>
      </Box>
      <Box data-testid="urgent-fixes" sx={{ display: 'grid', gap: 1.5 }}>
        {view.urgent.map((issue, i) => (
          <IssueCard key={issue.id} issue={issue} urgentRank={i + 1} onSeek={onSeek} frames={frames} />
        ))}
      </Box>
    </Box>
  );
}

/** Every other issue, grouped by category with icons: after the curve, the frames and the checks. */
export function MoreIssues({ view, onSeek }: { view: ReportView; onSeek: (s: number) => void }) {
  if (!view.groups.length) return null;
  return (
    <Box component="section" aria-labelledby="more-issues-title">
      <Typography id="more-issues-title" variant="h5" component="h2" sx={{ mb: 1.5 }}>
        More issues
      </Typography>
      {view.groups.map(({ category, label, issues: list }) => {
        const { Icon } = CATEGORY_META[category];
        return (
        <Box key={category} component="section" aria-label={label} sx={{ mb: 3 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.25 }}>
            <Box sx={{ width: 30, height: 30, borderRadius: 2, display: 'grid', placeItems: 'center', bgcolor: alpha(brand.violet, 0.14), color: 'primary.main' }}>
              <Icon fontSize="small" />
            </Box>
            <Typography variant="h6" component="h3">
              {label}
            </Typography>
            <Typography color="text.secondary">({list.length})</Typography>
          </Box>
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            {list.map((issue) => (
              <IssueCard key={issue.id} issue={issue} onSeek={onSeek} />
            ))}
          </Box>
        </Box>
        );
      })}
    </Box>
  );
}
