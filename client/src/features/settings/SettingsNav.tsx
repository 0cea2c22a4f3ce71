import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useLocation } from 'react-router';

const PAGES = [
  { to: '/settings/api-keys', label: 'API keys' },
  { to: '/settings/webhooks', label: 'Webhooks' },
  { to: '/settings/youtube', label: 'YouTube' },
];

/** Between the settings pages. */
export function SettingsNav() {
  const { pathname } = useLocation();
  return (
    <Stack direction="row" spacing={1} useFlexGap component="nav" aria-label="Settings" sx={{ mb: 3, flexWrap: 'wrap' }}>
      {PAGES.map((page) => (
        <Button key={page.to} component={RouterLink} to={page.to} variant={pathname.endsWith(page.to) ? 'contained' : 'text'} aria-current={pathname.endsWith(page.to) ? 'page' : undefined}>
          {page.label}
        </Button>
      ))}
    </Stack>
  );
}
