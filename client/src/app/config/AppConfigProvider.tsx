import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, type ReactNode } from 'react';
import { getPublicConfig } from '../../shared/api';
import { FullPageSpinner } from '../../shared/components/FullPageSpinner';
import { AppConfigContext } from '../../shared/config/AppConfigContext';

export const appConfigQueryKey = ['public', 'config'] as const;

/** Fetches the runtime config once at boot; nothing below renders until it is there. */
export function AppConfigProvider({ children }: { children: ReactNode }) {
  const query = useQuery({ queryKey: appConfigQueryKey, queryFn: getPublicConfig, staleTime: Infinity });
  // The whole app renders when the config arrives: deferred, so React renders it in slices (a transition) rather
  // than in one long task that blocks input.
  const config = useDeferredValue(query.data);

  if (query.isError) {
    return (
      <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
        <Box sx={{ maxWidth: 420 }}>
          <Typography variant="h5" component="h1" gutterBottom>
            Preflight can't reach its server
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Check your connection and try again.
          </Typography>
          <Button variant="contained" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Box>
      </Box>
    );
  }
  if (!config) return <FullPageSpinner />;
  return <AppConfigContext.Provider value={config}>{children}</AppConfigContext.Provider>;
}
