import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import KeyRounded from '@mui/icons-material/KeyRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ApiKeyCreatedDto, ApiKeyDto } from '@preflight/sdk';
import { useSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { PageTitle } from '../../../shared/components/PageTitle';
import { SettingsNav } from '../SettingsNav';
import { EXPIRY_CHOICES, expiryFrom, useApiKeys, useCreateApiKey, useRevokeApiKey } from '../useApiKeys';

const SCOPES = [
  { value: 'read', label: 'Read', help: 'Reports, status, PDF and markers' },
  { value: 'write', label: 'Write', help: 'Also upload, re-derive and share' },
] as const;

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : null);

const copy = (text: string) => (navigator.clipboard ? navigator.clipboard.writeText(text) : Promise.reject(new Error('Clipboard unavailable')));

/** Settings › API keys: make a key (shown once), see when and from where each was last used, revoke at once. */
export function ApiKeysPage() {
  const { enqueueSnackbar } = useSnackbar();
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<'read' | 'write'>('read');
  const [expiry, setExpiry] = useState<number | null>(null);
  const [created, setCreated] = useState<ApiKeyCreatedDto | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyDto | null>(null);
  // When the page opened: whether a key has expired does not need to tick while it is open.
  const [now] = useState(() => Date.now());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name: name.trim(), scope, expires_at: expiryFrom(expiry) },
      {
        onSuccess: (key) => {
          setCreated(key);
          setName('');
        },
        onError: (error) => enqueueSnackbar(error.message || 'The key could not be created.', { variant: 'error' }),
      },
    );
  };

  const confirmRevoke = () => {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => enqueueSnackbar(`“${revoking.name}” is revoked: it no longer works.`, { variant: 'success' }),
      onError: (error) => enqueueSnackbar(error.message || 'The key could not be revoked.', { variant: 'error' }),
      onSettled: () => setRevoking(null),
    });
  };

  return (
    <>
      <PageTitle title="API keys" subtitle="Settings › API keys: let a script or another tool use Preflight for you, without your password." />
      <SettingsNav />

      <Card component="form" onSubmit={submit} sx={{ p: { xs: 2, sm: 3 }, mb: 3 }} aria-label="Create an API key">
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Create a key
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr auto' }, alignItems: 'start' }}>
          <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} required slotProps={{ htmlInput: { maxLength: 80 } }} helperText="What it is for, e.g. “Scheduling tool”" />
          <TextField select label="Scope" value={scope} onChange={(e) => setScope(e.target.value as 'read' | 'write')} helperText={SCOPES.find((s) => s.value === scope)?.help}>
            {SCOPES.map((s) => (
              <MenuItem key={s.value} value={s.value}>
                {s.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label="Expires" value={String(expiry)} onChange={(e) => setExpiry(e.target.value === 'null' ? null : Number(e.target.value))}>
            {EXPIRY_CHOICES.map((c) => (
              <MenuItem key={c.label} value={String(c.days)}>
                {c.label}
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="contained" size="large" startIcon={<KeyRounded />} disabled={create.isPending || !name.trim()} sx={{ mt: { md: 0.5 } }}>
            Create key
          </Button>
        </Box>
      </Card>

      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Your keys
      </Typography>
      {keys.isPending && <CircularProgress aria-label="Loading keys" />}
      {keys.isError && <Alert severity="error">Your keys could not be loaded. Refresh the page to try again.</Alert>}
      {keys.data?.length === 0 && <Typography color="text.secondary">No keys yet. A key you create appears here.</Typography>}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }} aria-label="API keys">
        {keys.data?.map((key) => {
          const expired = key.expires_at !== null && Date.parse(key.expires_at) <= now;
          return (
            <Card component="li" key={key.id} sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
              <Box sx={{ minWidth: 0 }}>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{key.name}</Typography>
                  <Chip size="small" label={key.scope === 'write' ? 'Write' : 'Read'} color={key.scope === 'write' ? 'warning' : 'default'} />
                  {expired && <Chip size="small" label="Expired" color="error" />}
                </Box>
                <Typography variant="body2" sx={{ fontFamily: 'monospace', mt: 0.5 }}>
                  {key.prefix}…
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  Created {when(key.created_at)}
                  {key.expires_at && ` · ${expired ? 'expired' : 'expires'} ${when(key.expires_at)}`}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  {key.last_used_at ? `Last used ${when(key.last_used_at)}${key.last_used_ip ? ` from ${key.last_used_ip}` : ''}` : 'Never used'}
                </Typography>
              </Box>
              <Button color="error" variant="outlined" onClick={() => setRevoking(key)} aria-label={`Revoke ${key.name}`}>
                Revoke
              </Button>
            </Card>
          );
        })}
      </Box>

      <Dialog open={created !== null} onClose={() => setCreated(null)} aria-labelledby="new-key-title" fullWidth maxWidth="sm">
        <DialogTitle id="new-key-title">Your new key</DialogTitle>
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>
            Copy it now: it is shown only once. Preflight keeps only a fingerprint of it.
          </Alert>
          <Typography component="code" data-testid="new-api-key" sx={{ display: 'block', fontFamily: 'monospace', overflowWrap: 'anywhere', p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
            {created?.key}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button
            startIcon={<ContentCopyRounded />}
            onClick={() => {
              if (!created) return;
              // Both outcomes are told to the creator here: the click does not wait for it.
              void copy(created.key).then(
                () => enqueueSnackbar('Key copied', { variant: 'success' }),
                () => enqueueSnackbar('Select the key and copy it by hand.', { variant: 'info' }),
              );
            }}
          >
            Copy
          </Button>
          <Button variant="contained" onClick={() => setCreated(null)}>
            Done
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={revoking !== null} onClose={() => setRevoking(null)} aria-labelledby="revoke-title">
        <DialogTitle id="revoke-title">Revoke “{revoking?.name}”?</DialogTitle>
        <DialogContent>
          <Typography>Anything using this key stops working at once. This cannot be undone.</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRevoking(null)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={confirmRevoke} disabled={revoke.isPending}>
            Revoke
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
