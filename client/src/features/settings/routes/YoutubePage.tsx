import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../../shared/components/PageTitle';
import { SettingsNav } from '../SettingsNav';
import { useCompleteYoutubeConnection, useConnectYoutube, useDisconnectYoutube, useYoutubeConnection, YOUTUBE_NOT_SET_UP } from '../../../shared/youtube/useYoutubeConnection';

const since = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/**
 * Settings › YouTube: the creator's connection, and where Google's consent page returns (?code&state, or ?error when
 * the creator said no). The code is handed to the API once; then the creator goes back to the report they came from.
 */
export function YoutubePage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const connection = useYoutubeConnection();
  const connect = useConnectYoutube();
  const complete = useCompleteYoutubeConnection();
  const disconnect = useDisconnectYoutube();
  const handed = useRef(false);
  const code = params.get('code');
  const state = params.get('state');
  const declined = params.get('error');

  useEffect(() => {
    if (!code || !state || handed.current) return;
    handed.current = true; // a code works once: never twice (StrictMode runs effects twice)
    complete.mutate(
      { code, state },
      {
        // One navigation either way (a second one would start from this page's address again).
        onSuccess: (returnTo) => {
          enqueueSnackbar('YouTube connected', { variant: 'success' });
          if (returnTo) void navigate(returnTo, { replace: true });
          else setParams({}, { replace: true });
        },
        onError: () => setParams({}, { replace: true }),
      },
    );
  }, [code, state, complete, enqueueSnackbar, navigate, setParams]);

  const view = connection.data;
  const busy = connect.isPending || complete.isPending || disconnect.isPending;
  const error = connect.error ?? complete.error ?? disconnect.error;

  return (
    <>
      <PageTitle title="YouTube" subtitle="Settings › YouTube: bring the audience retention of your posted videos into their reports." />
      <SettingsNav />
      <Card sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, maxWidth: 720 }} aria-label="YouTube connection">
        {connection.isPending || complete.isPending ? (
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
            <CircularProgress size={20} aria-label="Loading" />
            <Typography color="text.secondary">{complete.isPending ? 'Connecting YouTube…' : 'Loading…'}</Typography>
          </Box>
        ) : connection.isError ? (
          <Alert severity="error">Your YouTube connection could not be loaded. Reload the page to try again.</Alert>
        ) : !view?.available ? (
          <Alert severity="info">{YOUTUBE_NOT_SET_UP}</Alert>
        ) : view.status === 'connected' ? (
          <>
            <Typography>
              <strong>Connected</strong>
              {view.connected_at && ` since ${since(view.connected_at)}`}. Preflight can read your channel’s YouTube Analytics (nothing else) when you
              import a posted video’s retention into its report.
            </Typography>
            <Box>
              <Button
                variant="outlined"
                color="error"
                disabled={busy}
                onClick={() =>
                  disconnect.mutate(undefined, {
                    onSuccess: (result) =>
                      enqueueSnackbar(
                        result.revoked_at_google
                          ? 'YouTube disconnected: Google has withdrawn Preflight’s access.'
                          : 'YouTube disconnected here. Google could not be reached: remove Preflight from your Google account’s third-party access too.',
                        { variant: result.revoked_at_google ? 'success' : 'warning' },
                      ),
                  })
                }
              >
                Disconnect YouTube
              </Button>
            </Box>
          </>
        ) : (
          <>
            {view.status === 'withdrawn' && <Alert severity="warning">YouTube access was withdrawn; connect again.</Alert>}
            {declined && <Alert severity="info">You did not give access at Google, so nothing was connected.</Alert>}
            <Typography>
              Connect your channel once, then import the audience retention of a posted video into its report. Preflight asks Google for read-only
              access to your YouTube Analytics; you can disconnect at any time.
            </Typography>
            <Box>
              <Button variant="contained" disabled={busy} onClick={() => connect.mutate(null)}>
                Connect YouTube
              </Button>
            </Box>
          </>
        )}
        {error && <Alert severity="error">{error.message || 'That did not work. Try again.'}</Alert>}
      </Card>
    </>
  );
}
