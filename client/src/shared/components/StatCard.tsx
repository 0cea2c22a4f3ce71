import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { alpha, type SxProps, type Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { brand } from '../../theme';

/**
 * A figure in a tile. `oneLine` keeps a value of words on one line ("Free Trial (14 days left)"): its size follows the
 * tile's width (a container query unit), never larger than the usual size, so it shrinks instead of wrapping.
 */
export function StatCard({
  label,
  value,
  hint,
  icon,
  compact = false,
  oneLine = false,
  sx,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon: ReactNode;
  compact?: boolean;
  oneLine?: boolean;
  sx?: SxProps<Theme>;
}) {
  const size = compact ? { xs: '1.15rem', sm: '1.5rem' } : { xs: '1.6rem', md: '2.1rem' };
  // About 15 em for a 25-character value in the bold face: the tile's content width over 15.
  const fontSize = oneLine ? Object.fromEntries(Object.entries(size).map(([k, v]) => [k, `min(${v}, calc(100cqi / 15))`])) : size;
  return (
    <Card
      component="section"
      aria-label={label}
      sx={[{ p: compact ? { xs: 1.5, sm: 2 } : { xs: 2, md: 3 }, height: '100%', minWidth: 0, ...(oneLine ? { containerType: 'inline-size' } : {}) }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, mb: compact ? 1 : 1.5 }}>
        <Box sx={{ width: 34, height: 34, borderRadius: 2, display: compact ? { xs: 'none', sm: 'grid' } : 'grid', placeItems: 'center', bgcolor: alpha(brand.violet, 0.14), color: 'primary.main', flexShrink: 0 }}>
          {icon}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600, fontSize: compact ? { xs: '0.75rem', sm: '0.875rem' } : undefined, lineHeight: 1.3 }}>
          {label}
        </Typography>
      </Box>
      <Typography component="p" data-testid={oneLine ? 'stat-value-one-line' : undefined} sx={{ fontFamily: 'inherit', fontWeight: 800, lineHeight: 1.15, fontSize, ...(oneLine ? { whiteSpace: 'nowrap' } : {}) }}>
        {value}
      </Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary" sx={{ display: compact ? { xs: 'none', sm: 'block' } : 'block' }}>
          {hint}
        </Typography>
      )}
    </Card>
  );
}
