import { alpha } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { brand, brandGradient } from '../../theme';

/** Preflight mark + wordmark, linking home (or wherever `to` says). */
export function Logo({ to = '/', size = 32, compact = false }: { to?: string; size?: number; compact?: boolean }) {
  return (
    <Box
      component={RouterLink}
      to={to}
      aria-label="Preflight home"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25, color: 'text.primary', textDecoration: 'none' }}
    >
      <Box
        aria-hidden
        sx={{
          width: size,
          height: size,
          borderRadius: `${size * 0.28}px`,
          background: brandGradient,
          display: 'grid',
          placeItems: 'center',
          boxShadow: `0 6px 20px ${alpha(brand.violet, 0.35)}`,
        }}
      >
        <svg width={size * 0.45} height={size * 0.45} viewBox="0 0 24 24">
          <path d="M6 3.5v17L20 12z" fill={brand.ink} />
        </svg>
      </Box>
      {!compact && (
        <Typography component="span" variant="h6" sx={{ fontSize: size * 0.6, fontWeight: 800, letterSpacing: '-0.03em' }}>
          Preflight
        </Typography>
      )}
    </Box>
  );
}
