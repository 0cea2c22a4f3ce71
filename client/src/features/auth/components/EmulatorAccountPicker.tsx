import PersonAddAlt1Rounded from '@mui/icons-material/PersonAddAlt1Rounded';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { listEmulatorAccounts, newEmulatorAccount, type EmulatorAccount } from '../../../shared/auth';

type Listing = { status: 'loading' } | { status: 'loaded'; accounts: EmulatorAccount[] } | { status: 'failed' };

/**
 * "Continue with Google" when the server uses the Firebase Auth emulator (local development, tests, an offline
 * machine): the emulator's Google accounts, or a new one, chosen in the app itself. Google's sign-in popup needs a
 * script from the internet; this needs nothing but the emulator.
 */
export function EmulatorAccountPicker({
  emulatorUrl,
  projectId,
  onChoose,
  onClose,
}: {
  emulatorUrl: string;
  projectId: string;
  onChoose: (account: EmulatorAccount) => void;
  onClose: () => void;
}) {
  const [listing, setListing] = useState<Listing>({ status: 'loading' });
  const [draft, setDraft] = useState(() => newEmulatorAccount());

  // Mounted each time it opens (LoginPage): a fresh listing and a fresh generated account every time.
  useEffect(() => {
    const abort = new AbortController();
    listEmulatorAccounts(emulatorUrl, projectId, abort.signal).then(
      (accounts) => setListing({ status: 'loaded', accounts }),
      () => !abort.signal.aborted && setListing({ status: 'failed' }),
    );
    return () => abort.abort();
  }, [emulatorUrl, projectId]);

  const submitNew = (event: FormEvent) => {
    event.preventDefault();
    onChoose({ ...draft, email: draft.email.trim(), displayName: draft.displayName.trim() || draft.email.trim() });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="emulator-picker-title">
      <DialogTitle id="emulator-picker-title">Choose a test Google account</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          This server signs in with the Firebase Auth emulator: no Google account or internet connection is needed, and
          these accounts exist only on this machine.
        </Typography>
        {listing.status === 'loading' && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
            <CircularProgress size={24} aria-label="Loading test accounts" />
          </Box>
        )}
        {listing.status === 'failed' && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            The Auth emulator at {emulatorUrl} did not answer. Is it running?
          </Alert>
        )}
        {listing.status === 'loaded' && listing.accounts.length > 0 && (
          <List aria-label="Test accounts" dense sx={{ mb: 1, maxHeight: 240, overflowY: 'auto' }}>
            {listing.accounts.map((account) => (
              <ListItem key={account.sub} disablePadding>
                <ListItemButton onClick={() => onChoose(account)} sx={{ borderRadius: 2 }}>
                <ListItemAvatar>
                  <Avatar sx={{ width: 32, height: 32, fontSize: 14 }}>{account.displayName.slice(0, 1).toUpperCase()}</Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={account.displayName}
                  secondary={account.email}
                  slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
        <Box component="form" onSubmit={submitNew} aria-label="New test account" sx={{ display: 'grid', gap: 1.5, mt: 1 }}>
          <Typography variant="subtitle2">New test account</Typography>
          <TextField
            label="Name"
            size="small"
            value={draft.displayName}
            onChange={(event) => setDraft({ ...draft, displayName: event.target.value })}
          />
          <TextField
            label="Email"
            type="email"
            size="small"
            required
            value={draft.email}
            onChange={(event) => setDraft({ ...draft, email: event.target.value })}
          />
          <Button type="submit" variant="contained" startIcon={<PersonAddAlt1Rounded />}>
            Sign in as new account
          </Button>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
      </DialogActions>
    </Dialog>
  );
}
