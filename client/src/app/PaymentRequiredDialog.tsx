import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { onPaymentRequired, paymentRequiredTitle, type PaymentRequiredNotice } from '../shared/api/paymentRequired';

/**
 * Why the server refused an analysis (402): the free analysis is used, or the trial ended, in the app's own dialog
 * with "See plans" to the pricing page (docs/product.md, Errors). Mounted once, in the app shell.
 */
export function PaymentRequiredDialog() {
  const [notice, setNotice] = useState<PaymentRequiredNotice | null>(null);
  useEffect(() => onPaymentRequired(setNotice), []);
  const close = () => setNotice(null);
  return (
    <Dialog open={!!notice} onClose={close} aria-labelledby="payment-required-title" maxWidth="xs" fullWidth>
      {notice && (
        <>
          <DialogTitle id="payment-required-title">{paymentRequiredTitle(notice)}</DialogTitle>
          <DialogContent>
            <Typography color="text.secondary" data-testid="payment-required-message">
              {notice.message}
            </Typography>
          </DialogContent>
          {/* Box, not DialogActions: the dialog ships with every page (app shell), and the landing page's budget is tight. */}
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, px: 3, pb: 2 }}>
            <Button onClick={close} color="inherit">
              Not now
            </Button>
            <Button component={RouterLink} to="/pricing" onClick={close} variant="contained">
              See plans
            </Button>
          </Box>
        </>
      )}
    </Dialog>
  );
}
