import LinkOffRounded from '@mui/icons-material/LinkOffRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';

/** What a shared page shows when its link does not open: the title, the reason, and whom to ask. */
export function LinkNotFound({ title, reason, hint }: { title: string; reason: string; hint?: string }) {
  return (
    <Card sx={{ p: { xs: 4, md: 6 }, maxWidth: 560, mx: 'auto', textAlign: 'center' }} role="alert">
      <Box sx={{ color: 'error.main', mb: 2 }}>
        <LinkOffRounded sx={{ fontSize: 44 }} />
      </Box>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">{reason}</Typography>
      {hint && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {hint}
        </Typography>
      )}
    </Card>
  );
}
