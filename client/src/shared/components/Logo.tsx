import { alpha } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { brand, brandGradient } from '../../theme';

/**
 * Preflight mark + wordmark, linking home (or wherever `to` says). `compactOnPhones`: the mark alone below the `sm`
 * breakpoint, by CSS, so a page rendered on the server shows the same logo as the browser's first render.
 */
export function Logo({ to = '/', size = 32, compactOnPhones = false }: { to?: string; size?: number; compactOnPhones?: boolean }) {
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
      <Typography
        component="span"
        variant="h6"
        sx={{ fontSize: size * 0.6, fontWeight: 800, letterSpacing: '-0.03em', display: compactOnPhones ? { xs: 'none', sm: 'inline' } : undefined }}
      >
        Preflight
      </Typography>
    </Box>
  );
}
