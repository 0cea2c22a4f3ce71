import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** Centered spinner for whole-page waits (auth state, runtime config). */
export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-label={label ?? 'Loading'}
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2 }}
    >
      <CircularProgress size={40} thickness={4} />
      {label && <Typography color="text.secondary">{label}</Typography>}
    </Box>
  );
}
