import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { PLATFORM_NAMES, type ComparedVersion, type Comparison } from '@preflight/shared';
import { Link as RouterLink } from 'react-router';
import { formatTimestamp } from '../../../shared/reports';
import { brand } from '../../../theme';
import { CUT_STYLE } from './compareStyle';

/** "+8" with an up arrow, "−3" with a down arrow, "±0": the sign is in the text, the colour only repeats it. */
export function Delta({ value, unit = '', label }: { value: number; unit?: string; label: string }) {
  const rounded = Math.round(value * 10) / 10;
  const text = rounded > 0 ? `+${rounded}${unit}` : rounded < 0 ? `−${Math.abs(rounded)}${unit}` : `±0${unit}`;
  const Icon = rounded > 0 ? ArrowUpwardRounded : rounded < 0 ? ArrowDownwardRounded : null;
  return (
    <Box component="span" aria-label={`${label} ${text} against A`} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, fontWeight: 700, color: rounded > 0 ? brand.success : rounded < 0 ? brand.danger : 'text.secondary' }}>
      {Icon && <Icon sx={{ fontSize: 16 }} aria-hidden />}
      {text}
    </Box>
  );
}

function Figure({ label, value, delta }: { label: string; value: string; delta?: React.ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 700 }}>
        {value} {delta}
      </Typography>
    </Box>
  );
}

function VersionCard({ cut, version, other, linkReports }: { cut: 'a' | 'b'; version: ComparedVersion; other: ComparedVersion; linkReports: boolean }) {
  const showDelta = cut === 'b';
  return (
    <Card component="section" aria-label={`Cut ${CUT_STYLE[cut].name}: ${version.filename}`} sx={{ p: { xs: 2, md: 2.5 }, borderTop: `3px ${cut === 'a' ? 'dashed' : 'solid'} ${CUT_STYLE[cut].color}`, minWidth: 0 }}>
      <Typography variant="overline" sx={{ color: CUT_STYLE[cut].color, fontWeight: 800 }}>
        Cut {CUT_STYLE[cut].name} {cut === 'a' ? '· reference' : '· new'}
      </Typography>
      <Typography component="h2" variant="h6" title={version.filename} sx={{ overflowWrap: 'anywhere', mb: 1.5 }}>
        {version.filename}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
        <Typography sx={{ fontSize: '2.25rem', fontWeight: 800, lineHeight: 1 }}>{version.overall_score}</Typography>
        <Typography color="text.secondary">/ 100 · {version.optimization_label}</Typography>
        {showDelta && <Delta value={version.overall_score - other.overall_score} label="Score" />}
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1.5 }}>
        <Figure label="Hook hold (predicted)" value={`${version.predicted_hook_hold}%`} delta={showDelta && <Delta value={version.predicted_hook_hold - other.predicted_hook_hold} unit=" pts" label="Hook hold" />} />
        <Figure label="Average watch (predicted)" value={`${version.predicted_average_watch_pct}%`} delta={showDelta && <Delta value={version.predicted_average_watch_pct - other.predicted_average_watch_pct} unit=" pts" label="Average watch" />} />
        <Figure label="Length" value={formatTimestamp(version.duration_s)} />
        <Figure label={`Issues · ${PLATFORM_NAMES[version.platform]}`} value={String(version.issue_count)} />
      </Box>
      {linkReports && (
        <Button component={RouterLink} to={`/analysis?id=${encodeURIComponent(version.report_id)}`} size="small" sx={{ mt: 1.5 }}>
          Open report {CUT_STYLE[cut].name}
        </Button>
      )}
    </Card>
  );
}

export function VersionCards({ comparison, linkReports }: { comparison: Comparison; linkReports: boolean }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
      <VersionCard cut="a" version={comparison.a} other={comparison.b} linkReports={linkReports} />
      <VersionCard cut="b" version={comparison.b} other={comparison.a} linkReports={linkReports} />
    </Box>
  );
}
