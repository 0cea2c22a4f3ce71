import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import LinkOffRounded from '@mui/icons-material/LinkOffRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Hint } from '../../components/Hint';
import { useRevokeShareLink, useShareLinks, type ManagedShareLink } from '../api/useShareLinks';
import { SHARE_TOASTS, shareUrl, type ShareTarget } from '../lib/shareLink';

const WHEN = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

export const REVOKE_TEXT = {
  title: 'Revoke this link?',
  body: 'Whoever has it can no longer open the report or download its PDF. This cannot be undone; you can make a new link at any time.',
  comparisonBody: 'Whoever has it can no longer open the comparison. This cannot be undone; you can make a new link at any time.',
  confirm: 'Revoke link',
  keep: 'Keep it',
  done: 'Link revoked',
  failed: 'Failed to revoke the link',
} as const;

/** "Opened 3 times, last 27 Nov, 14:05" or "Not opened yet". */
export function openedLine(link: Pick<ManagedShareLink, 'open_count' | 'last_opened_at'>): string {
  if (!link.open_count || !link.last_opened_at) return 'Not opened yet';
  return `Opened ${link.open_count} ${link.open_count === 1 ? 'time' : 'times'}, last ${WHEN.format(new Date(link.last_opened_at))}`;
}

function LinkRow({ link, kind, onCopy, onRevoke }: { link: ManagedShareLink; kind: ShareTarget['kind']; onCopy: (url: string) => void; onRevoke: (link: ManagedShareLink) => void }) {
  const created = WHEN.format(new Date(link.created_at));
  const url = link.token ? shareUrl(link.token, undefined, undefined, kind) : null;
  return (
    <Box component="li" data-testid="live-link" sx={{ display: 'flex', gap: 1, alignItems: 'center', py: 1.25, borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          Created {created} · expires {DAY.format(new Date(link.expires_at))}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          {link.allow_download ? 'PDF download allowed' : 'No PDF download'} · {openedLine(link)}
        </Typography>
        {!url && (
          <Typography variant="caption" color="text.secondary" component="p">
            Made before links could be copied again: use the copy you sent, or revoke it and make a new one.
          </Typography>
        )}
      </Box>
      {url && (
        <Hint title="Copy link">
          <IconButton aria-label={`Copy link created ${created}`} onClick={() => onCopy(url)}>
            <ContentCopyRounded />
          </IconButton>
        </Hint>
      )}
      <Hint title="Revoke link">
        <IconButton aria-label={`Revoke link created ${created}`} onClick={() => onRevoke(link)} sx={{ color: 'error.main' }}>
          <LinkOffRounded />
        </IconButton>
      </Hint>
    </Box>
  );
}

/**
 * The live links of a report or of a comparison in the Share dialog (issue 28): when each was made and expires, whether
 * it allows the PDF, how often and when it was last opened; copy any, revoke any after a confirmation.
 */
export function LiveLinks({ target, copy }: { target: ShareTarget; copy: (url: string) => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const links = useShareLinks(target);
  const revoke = useRevokeShareLink(target);
  const what = target.kind === 'report' ? 'report' : 'comparison';
  const [confirming, setConfirming] = useState<ManagedShareLink | null>(null);

  if (links.isPending) return <Skeleton variant="rounded" height={56} aria-label="Loading live links" sx={{ mt: 2 }} />;
  if (links.isError) return <Typography color="error" variant="body2" sx={{ mt: 2 }}>Failed to load this {what}’s links.</Typography>;
  const live = links.data;
  const doRevoke = () => {
    if (!confirming) return;
    revoke.mutate(confirming.id, {
      onSuccess: () => enqueueSnackbar(REVOKE_TEXT.done, { variant: 'success' }),
      onError: () => enqueueSnackbar(REVOKE_TEXT.failed, { variant: 'error' }),
      onSettled: () => setConfirming(null),
    });
  };
  return (
    <Box component="section" aria-labelledby="live-links-title" sx={{ mt: 2.5 }}>
      <Typography id="live-links-title" variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        Live links ({live.length})
      </Typography>
      {live.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No live link: nobody can open this {what} until you make one.
        </Typography>
      ) : (
        <Box component="ul" aria-label="Live links" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {live.map((link) => (
            <LinkRow key={link.id} link={link} kind={target.kind} onCopy={copy} onRevoke={setConfirming} />
          ))}
        </Box>
      )}
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)} aria-labelledby="revoke-title" aria-describedby="revoke-body">
        <DialogTitle id="revoke-title">{REVOKE_TEXT.title}</DialogTitle>
        <DialogContent>
          <Typography id="revoke-body" color="text.secondary">
            {confirming && `The link created ${WHEN.format(new Date(confirming.created_at))}: `}
            {target.kind === 'report' ? REVOKE_TEXT.body : REVOKE_TEXT.comparisonBody}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>{REVOKE_TEXT.keep}</Button>
          <Button color="error" variant="contained" onClick={doRevoke} disabled={revoke.isPending}>
            {REVOKE_TEXT.confirm}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** A copy of a link, with the dialog's toasts. */
export function useCopyLink(copyText: (text: string) => Promise<void>) {
  const { enqueueSnackbar } = useSnackbar();
  return (url: string) =>
    copyText(url).then(
      () => enqueueSnackbar(SHARE_TOASTS.copied, { variant: 'success' }),
      () => enqueueSnackbar(SHARE_TOASTS.copyFailed, { variant: 'error' }),
    );
}
