import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { Link as RouterLink } from 'react-router';
import { paymentRequiredTitle, type PaymentRequiredNotice } from '../shared/api/paymentRequired';

/**
 * Why the server refused an analysis (402): the free analysis is used, or the trial ended, in the app's own dialog
 * with "See plans" to the pricing page (docs/product.md, Errors). Loaded only when a refusal arrives
 * (PaymentRequiredNotices), so the dialog's code stays out of every page's first download.
 */
export function PaymentRequiredDialog({ notice, onClose }: { notice: PaymentRequiredNotice; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} aria-labelledby="payment-required-title" maxWidth="xs" fullWidth>
      <DialogTitle id="payment-required-title">{paymentRequiredTitle(notice)}</DialogTitle>
      <DialogContent>
        <DialogContentText data-testid="payment-required-message">{notice.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          Not now
        </Button>
        <Button component={RouterLink} to="/pricing" onClick={onClose} variant="contained">
          See plans
        </Button>
      </DialogActions>
    </Dialog>
  );
}
