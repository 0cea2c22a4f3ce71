import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paymentRequiredTitle, type PaymentRequiredNotice } from '../shared/api/paymentRequired';

/** The 402 dialog itself (PaymentRequiredDialog): its own chunk, loaded when the first notice comes. */
export function PaymentRequiredNoticeDialog({ notice, onClose }: { notice: PaymentRequiredNotice | null; onClose: () => void }) {
  return (
    <Dialog open={!!notice} onClose={onClose} aria-labelledby="payment-required-title" maxWidth="xs" fullWidth>
      {notice && (
        <>
          <DialogTitle id="payment-required-title">{paymentRequiredTitle(notice)}</DialogTitle>
          <DialogContent>
            <Typography color="text.secondary" data-testid="payment-required-message">
              {notice.message}
            </Typography>
          </DialogContent>
          {/* Box, not DialogActions: one module fewer to load before the dialog shows. */}
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, px: 3, pb: 2 }}>
            <Button onClick={onClose} color="inherit">
              Not now
            </Button>
            <Button component={RouterLink} to="/pricing" onClick={onClose} variant="contained">
              See plans
            </Button>
          </Box>
        </>
      )}
    </Dialog>
  );
}
