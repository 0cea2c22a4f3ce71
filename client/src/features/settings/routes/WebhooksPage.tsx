import WebhookRounded from '@mui/icons-material/WebhookRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { WebhookEndpointCreatedDto, WebhookEndpointDto } from '@preflight/sdk';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { PageTitle } from '../../../shared/components/PageTitle';
import { SettingsNav } from '../SettingsNav';
import { useWebhookActions, useWebhookDeliveries, useWebhookEndpoints, WEBHOOK_EVENT_CHOICES, type WebhookEventValue } from '../useWebhooks';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—');

function DeliveryLog({ endpointId }: { endpointId: string }) {
  const log = useWebhookDeliveries(endpointId, true);
  if (log.isPending) return <CircularProgress size={20} aria-label="Loading deliveries" />;
  if (log.isError) return <Alert severity="error">The delivery log could not be loaded.</Alert>;
  if (log.data.length === 0) return <Typography color="text.secondary">Nothing sent yet.</Typography>;
  return (
    <Box component="ul" aria-label="Delivery log" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {log.data.map((d) => (
        <Box component="li" key={d.id} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', fontSize: 14 }}>
          <Chip size="small" label={d.status} color={d.status === 'delivered' ? 'success' : d.status === 'failed' ? 'error' : 'default'} />
          <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
            {d.event_type}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {d.response_code !== null ? `answered ${d.response_code}` : (d.error ?? 'not sent yet')} · {d.attempts} {d.attempts === 1 ? 'attempt' : 'attempts'} · {when(d.last_attempt_at ?? d.created_at)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A secret just made (a new endpoint) or rotated, shown once in the secret dialog. */
interface ShownSecret {
  secret: string;
  rotated: boolean;
}

function EndpointCard({ endpoint, onSecret }: { endpoint: WebhookEndpointDto; onSecret: (shown: ShownSecret) => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const actions = useWebhookActions();
  const [showLog, setShowLog] = useState(false);
  const fail = (error: Error) => enqueueSnackbar(error.message || 'That did not work. Try again.', { variant: 'error' });
  return (
    <Card component="li" sx={{ p: 2, display: 'grid', gap: 1.5 }}>
      <Typography sx={{ fontWeight: 700, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{endpoint.url}</Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {endpoint.events.map((event) => (
          <Chip key={event} size="small" label={event} />
        ))}
      </Box>
      {endpoint.disabled_at && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={() => actions.enable.mutate(endpoint.id, { onSuccess: () => enqueueSnackbar('Enabled: events are sent again.', { variant: 'success' }), onError: fail })}>
              Enable
            </Button>
          }
        >
          {endpoint.disabled_reason}
        </Alert>
      )}
      {endpoint.secret_notice && (
        <Alert severity={endpoint.previous_secret_expires_at ? 'info' : 'warning'} data-testid="secret-notice">
          {endpoint.secret_notice}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => actions.test.mutate(endpoint.id, { onSuccess: () => { setShowLog(true); enqueueSnackbar('Test event queued', { variant: 'success' }); }, onError: fail })}>
          Send a test event
        </Button>
        <Button onClick={() => setShowLog((open) => !open)} aria-expanded={showLog}>
          {showLog ? 'Hide delivery log' : 'Delivery log'}
        </Button>
        <Button
          onClick={() => actions.rotate.mutate(endpoint.id, { onSuccess: (rotated) => onSecret({ secret: rotated.secret, rotated: true }), onError: fail })}
          disabled={actions.rotate.isPending}
        >
          Rotate secret
        </Button>
        <Button color="error" onClick={() => actions.remove.mutate(endpoint.id, { onSuccess: () => enqueueSnackbar('Endpoint deleted', { variant: 'success' }), onError: fail })}>
          Delete
        </Button>
      </Box>
      {showLog && <DeliveryLog endpointId={endpoint.id} />}
    </Card>
  );
}

/** Settings › Webhooks: where Preflight tells a creator's tools that something happened, with a log of each delivery. */
export function WebhooksPage() {
  const { enqueueSnackbar } = useSnackbar();
  const endpoints = useWebhookEndpoints();
  const { create } = useWebhookActions();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventValue[]>(['analysis.completed', 'analysis.failed']);
  const [shown, setShown] = useState<ShownSecret | null>(null);

  const toggle = (event: WebhookEventValue) => setEvents((chosen) => (chosen.includes(event) ? chosen.filter((e) => e !== event) : [...chosen, event]));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (endpoint: WebhookEndpointCreatedDto) => {
          setShown({ secret: endpoint.secret, rotated: false });
          setUrl('');
        },
        onError: (error) => enqueueSnackbar(error.message || 'The endpoint could not be added.', { variant: 'error' }),
      },
    );
  };

  return (
    <>
      <PageTitle title="Webhooks" subtitle="Settings › Webhooks: Preflight calls your URL when an analysis finishes, a share link is opened or your plan changes." />
      <SettingsNav />
      <Card component="form" onSubmit={submit} sx={{ p: { xs: 2, sm: 3 }, mb: 3 }} aria-label="Add a webhook endpoint">
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Add an endpoint
        </Typography>
        <TextField label="URL" value={url} onChange={(e) => setUrl(e.target.value)} required fullWidth placeholder="https://hooks.example.com/preflight" slotProps={{ htmlInput: { maxLength: 2048 } }} />
        <FormGroup row sx={{ my: 1.5 }} aria-label="Events">
          {WEBHOOK_EVENT_CHOICES.map((choice) => (
            <FormControlLabel key={choice.value} control={<Checkbox checked={events.includes(choice.value)} onChange={() => toggle(choice.value)} />} label={choice.label} />
          ))}
        </FormGroup>
        <Button type="submit" variant="contained" startIcon={<WebhookRounded />} disabled={create.isPending || !url.trim() || events.length === 0}>
          Add endpoint
        </Button>
      </Card>

      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Your endpoints
      </Typography>
      {endpoints.isPending && <CircularProgress aria-label="Loading endpoints" />}
      {endpoints.isError && <Alert severity="error">Your endpoints could not be loaded. Refresh the page to try again.</Alert>}
      {endpoints.data?.length === 0 && <Typography color="text.secondary">No endpoints yet.</Typography>}
      <Box component="ul" aria-label="Webhook endpoints" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {endpoints.data?.map((endpoint) => <EndpointCard key={endpoint.id} endpoint={endpoint} onSecret={setShown} />)}
      </Box>

      <Dialog open={shown !== null} onClose={() => setShown(null)} aria-labelledby="new-secret-title" fullWidth maxWidth="sm">
        <DialogTitle id="new-secret-title">Signing secret</DialogTitle>
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>
            Copy it now: it is shown only once. Verify each delivery with it using a Standard Webhooks library (docs: For integrators).
            {shown?.rotated && ' The previous secret still signs deliveries for 24 hours: put this one in your receiver before then.'}
          </Alert>
          <Typography component="code" data-testid="new-webhook-secret" sx={{ display: 'block', fontFamily: 'monospace', overflowWrap: 'anywhere', p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
            {shown?.secret}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setShown(null)}>
            Done
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
