import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import NewReleasesRounded from '@mui/icons-material/NewReleasesRounded';
import RepeatRounded from '@mui/icons-material/RepeatRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { SEVERITY_LABELS, type ComparedIssue, type Comparison } from '@preflight/shared';
import { CATEGORY_META, formatTimestamp } from '../../../shared/reports';
import { brand, severityColor } from '../../../theme';

const GROUPS = [
  { state: 'fixed', title: 'Fixed in B', empty: 'Nothing of A was fixed by this cut.', Icon: CheckCircleRounded, color: brand.success },
  { state: 'new', title: 'New in B', empty: 'B brings no new issue.', Icon: NewReleasesRounded, color: brand.danger },
  { state: 'remaining', title: 'Still in both', empty: 'No issue is left from A.', Icon: RepeatRounded, color: brand.warning },
] as const;

function where(issue: ComparedIssue): string {
  const at = (side: 'a' | 'b') => issue[side] && `${side.toUpperCase()} ${formatTimestamp(issue[side]!.timestamp_s)}`;
  return [at('a'), at('b')].filter(Boolean).join(' → ');
}

function IssueRow({ issue, canViewFrames }: { issue: ComparedIssue; canViewFrames: boolean }) {
  // The cut the creator would post decides what is said: B's evidence where B has the issue, A's for a fixed one.
  const side = issue.b ?? issue.a!;
  const frame = canViewFrames ? side.frame_url : undefined;
  const { Icon: CategoryIcon, label } = CATEGORY_META[issue.category];
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.5, py: 1.5, borderTop: `1px solid ${brand.line}`, minWidth: 0 }}>
      {frame && (
        <Box component="img" src={frame} alt={`Frame at ${where(issue)}`} loading="lazy" sx={{ width: 96, height: 54, objectFit: 'cover', borderRadius: 1, flexShrink: 0, bgcolor: 'background.default' }} />
      )}
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1rem' }}>
            {issue.title}
          </Typography>
          {/* The report's own severity word, as its issue list shows it. */}
          <Chip size="small" label={SEVERITY_LABELS[side.severity]} variant="outlined" sx={{ height: 20, color: severityColor[side.severity], borderColor: severityColor[side.severity] }} />
          <Typography variant="caption" color="text.secondary" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <CategoryIcon sx={{ fontSize: 14 }} aria-hidden /> {label} · {where(issue)}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {side.evidence}
        </Typography>
      </Box>
    </Box>
  );
}

/** The issues of both cuts in three groups: fixed by B, new in B, still in both. */
export function ComparedIssues({ issues, canViewFrames }: { issues: Comparison['issues']; canViewFrames: boolean }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}>
      {GROUPS.map(({ state, title, empty, Icon, color }) => {
        const group = issues.filter((i) => i.state === state);
        return (
          <Card key={state} component="section" aria-labelledby={`compare-${state}-title`} sx={{ p: { xs: 2, md: 2.5 }, minWidth: 0 }}>
            <Typography id={`compare-${state}-title`} variant="h6" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Icon sx={{ color }} aria-hidden /> {title} ({group.length})
            </Typography>
            {group.length ? (
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
                {group.map((issue) => (
                  <IssueRow key={`${issue.a?.issue_id ?? ''}|${issue.b?.issue_id ?? ''}`} issue={issue} canViewFrames={canViewFrames} />
                ))}
              </Box>
            ) : (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {empty}
              </Typography>
            )}
          </Card>
        );
      })}
    </Box>
  );
}
