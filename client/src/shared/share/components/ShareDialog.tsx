import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import LinkRounded from '@mui/icons-material/LinkRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Hint } from '../../components/Hint';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useCreateShareLink } from '../api/useCreateShareLink';
import { DEFAULT_SHARE_OPTIONS, lifetimeDays, SHARE_LIFETIME_CHOICES, SHARE_TOASTS, shareUrl, type ShareOptions, type ShareTarget } from '../lib/shareLink';
import { LiveLinks, useCopyLink } from './LiveLinks';

/** The one label of the button that makes a link (docs/product.md, Share dialog), for a report and a comparison alike. */
export const CREATE_LINK_LABEL = 'Generate Link';

/** The clipboard, replaceable in tests and absent on insecure origins. */
export type CopyText = (text: string) => Promise<void>;
const browserCopy: CopyText = (text) => {
  if (!navigator.clipboard) return Promise.reject(new Error('Clipboard unavailable'));
  return navigator.clipboard.writeText(text);
};

/**
 * Share dialog (docs/product.md): Generate Link (Generating... while working), then the read-only link with a copy
 * button. The lifetime it states is the one the product asks for until a link exists, then the one the server answered.
 * For a report and for a comparison alike it lists the live links (copy any, revoke any); opening it makes no link:
 * only the button does.
 */
export function ShareDialog({
  reportId,
  comparison,
  open,
  onClose,
  copyText = browserCopy,
}: {
  open: boolean;
  onClose: () => void;
  copyText?: CopyText;
} & ({ reportId: string; comparison?: undefined } | { reportId?: undefined; comparison: { a: string; b: string } })) {
  const { enqueueSnackbar } = useSnackbar();
  const target: ShareTarget = comparison ? { kind: 'comparison', ...comparison } : { kind: 'report', reportId: reportId! };
  const create = useCreateShareLink(target);
  const [options, setOptions] = useState<ShareOptions>(DEFAULT_SHARE_OPTIONS);
  const link = create.data;
  const url = link ? shareUrl(link.token ?? link.shareToken, undefined, undefined, target.kind) : null;
  const days = link ? lifetimeDays(link.created_at, link.expires_at) : options.days;

  const generate = () =>
    create.mutate(options, {
      onSuccess: () => enqueueSnackbar(SHARE_TOASTS.generated, { variant: 'success' }),
      onError: () => enqueueSnackbar(SHARE_TOASTS.generateFailed, { variant: 'error' }),
    });
  const copyLink = useCopyLink(copyText);
  const copy = () => {
    if (url) void copyLink(url);
  };

  const statements = [
    `This link expires in ${days} ${days === 1 ? 'day' : 'days'}`,
    ...((link ? link.allow_download : options.allowDownload) ? [] : ['The PDF report cannot be downloaded from it']),
    'No login is required to view the report',
    'Anyone with the link can view it',
    'No video content is stored or shared',
  ];

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="share-dialog-title" onClick={(e) => e.stopPropagation()}>
      <DialogTitle id="share-dialog-title" sx={{ pr: 6 }}>
        Share Analysis Report
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
          <CloseRounded />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {target.kind === 'comparison'
            ? 'Send your client a read-only link to this comparison: the verdict, both cuts’ scores and predicted curves, and the issues each cut fixed or brought.'
            : 'Send your client a read-only link to this report: the score, the predicted retention curve, the frames and every issue with its fix.'}
        </Typography>
        {url ? (
          <TextField
            label="Share link"
            value={url}
            fullWidth
            slotProps={{
              htmlInput: { readOnly: true, 'data-testid': 'share-link', onFocus: (e: React.FocusEvent<HTMLInputElement>) => e.target.select() },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <Hint title="Copy link">
                      <IconButton aria-label="Copy link" onClick={copy} edge="end">
                        <ContentCopyRounded />
                      </IconButton>
                    </Hint>
                  </InputAdornment>
                ),
              },
            }}
          />
        ) : (
          <>
          {/* The link's options, chosen before it is made (a made link keeps its own: revoke and make another to change them). */}
          <Box data-testid="share-options" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1, mb: 2 }}>
            <FormControlLabel
              control={<Switch checked={options.allowDownload} onChange={(e) => setOptions((o) => ({ ...o, allowDownload: e.target.checked }))} />}
              label="Allow PDF download"
            />
            <TextField
              select
              size="small"
              label="Link lifetime"
              value={options.days}
              onChange={(e) => setOptions((o) => ({ ...o, days: Number(e.target.value) }))}
              sx={{ minWidth: 140 }}
            >
              {SHARE_LIFETIME_CHOICES.map((d) => (
                <MenuItem key={d} value={d}>
                  {d} {d === 1 ? 'day' : 'days'}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <Button
            variant="contained"
            size="large"
            onClick={generate}
            disabled={create.isPending}
            startIcon={create.isPending ? <CircularProgress size={18} color="inherit" /> : <LinkRounded />}
            fullWidth
          >
            {create.isPending ? 'Generating...' : CREATE_LINK_LABEL}
          </Button>
          </>
        )}
        <LiveLinks target={target} copy={(u) => void copyLink(u)} />
        <Box component="ul" aria-label="About this link" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2.5, display: 'grid', gap: 1 }}>
          {statements.map((text) => (
            <Box component="li" key={text} sx={{ display: 'flex', gap: 1, alignItems: 'center', color: 'text.secondary' }}>
              <CheckCircleRounded sx={{ fontSize: 18, color: 'success.main' }} />
              <Typography variant="body2">{text}</Typography>
            </Box>
          ))}
        </Box>
      </DialogContent>
    </Dialog>
  );
}
