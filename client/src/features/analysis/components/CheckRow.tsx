import CancelRounded from '@mui/icons-material/CancelRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import RemoveCircleOutlineRounded from '@mui/icons-material/RemoveCircleOutlineRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { RISK_COLOR } from './severity';

type CheckStatus = 'pass' | 'warn' | 'fail' | 'not_run';

const STATUS_STYLE = {
  pass: { color: RISK_COLOR.low, Icon: CheckCircleRounded },
  warn: { color: RISK_COLOR.medium, Icon: ErrorOutlineRounded },
  fail: { color: RISK_COLOR.high, Icon: CancelRounded },
  not_run: { color: 'text.secondary', Icon: RemoveCircleOutlineRounded },
} as const;

/**
 * One check of a checklist (platform checks, word checks): status with icon and word (never colour alone), the
 * heading line, the evidence, and anything shown with it (a frame).
 */
export function CheckRow({
  testId,
  status,
  statusLabel,
  heading,
  evidence,
  children,
}: {
  testId: string;
  status: CheckStatus;
  statusLabel: string;
  heading: ReactNode;
  evidence: string;
  children?: ReactNode;
}) {
  const { color, Icon } = STATUS_STYLE[status];
  return (
    <Box
      component="li"
      data-testid={testId}
      data-status={status}
      sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25, alignItems: 'start', p: 1.5, borderRadius: 2, border: 1, borderColor: 'divider' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color, minWidth: 64 }}>
        <Icon fontSize="small" aria-hidden />
        <Typography component="span" variant="body2" sx={{ fontWeight: 700, color }}>
          {statusLabel}
        </Typography>
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {heading}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {evidence}
        </Typography>
        {children}
      </Box>
    </Box>
  );
}
