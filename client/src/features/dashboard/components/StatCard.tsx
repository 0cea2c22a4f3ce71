import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { brand } from '../../../theme';

export function StatCard({ label, value, hint, icon, compact = false }: { label: string; value: ReactNode; hint?: ReactNode; icon: ReactNode; compact?: boolean }) {
  return (
    <Card component="section" aria-label={label} sx={{ p: compact ? 2 : { xs: 2.25, md: 3 }, height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, mb: compact ? 1 : 1.5 }}>
        <Box sx={{ width: 34, height: 34, borderRadius: 2, display: 'grid', placeItems: 'center', bgcolor: alpha(brand.violet, 0.14), color: 'primary.main', flexShrink: 0 }}>
          {icon}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
      </Box>
      <Typography variant={compact ? 'h5' : 'h4'} component="p" sx={{ fontWeight: 800, lineHeight: 1.15 }}>
        {value}
      </Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      )}
    </Card>
  );
}
