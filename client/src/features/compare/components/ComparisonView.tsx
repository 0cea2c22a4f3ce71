import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { Comparison } from '@preflight/shared';
import type { ReactNode } from 'react';
import { AfterFirstPaint } from '../../../shared/components/AfterFirstPaint';
import { brand } from '../../../theme';
import { ComparedIssues } from './ComparedIssues';
import { ComparisonChart } from './ComparisonChart';
import { VersionCards } from './VersionCards';
import { WindowsTable } from './WindowsTable';

const RECOMMENDED = { a: 'Post A', b: 'Post B', even: 'Either cut' } as const;

/** The verdict first (what to post and why), then the two cuts, the curves, the windows and the issues. */
export function ComparisonView({ comparison, actions, owner }: { comparison: Comparison; actions?: ReactNode; owner: boolean }) {
  return (
    <Box sx={{ display: 'grid', gap: { xs: 2, md: 3 } }}>
      <Card component="section" aria-labelledby="compare-verdict-title" sx={{ p: { xs: 2.5, md: 3.5 }, background: `linear-gradient(135deg, ${alpha(brand.violet, 0.16)}, ${alpha(brand.cyan, 0.08)})` }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
          <Box sx={{ minWidth: 0, flex: '1 1 420px' }}>
            <Typography variant="overline" color="text.secondary">
              Compare cuts
            </Typography>
            <Typography id="compare-verdict-title" variant="h4" component="h1" sx={{ fontSize: { xs: '1.5rem', md: '2rem' }, overflowWrap: 'anywhere' }}>
              {comparison.verdict}
            </Typography>
          </Box>
          <Chip label={RECOMMENDED[comparison.recommended]} color={comparison.recommended === 'even' ? 'default' : 'primary'} sx={{ fontWeight: 800 }} />
        </Box>
        {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>{actions}</Box>}
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1.5 }}>
          Scores, hook hold and retention are model predictions, not viewer measurements.
        </Typography>
      </Card>
      <VersionCards comparison={comparison} linkReports={owner} />
      <AfterFirstPaint>
        <ComparisonChart comparison={comparison} />
        <WindowsTable windows={comparison.windows} />
        <ComparedIssues issues={comparison.issues} canViewFrames />
      </AfterFirstPaint>
    </Box>
  );
}
