import CancelRounded from '@mui/icons-material/CancelRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { PresetView } from '@preflight/shared';
import { RISK_COLOR } from './severity';

const STATUS_STYLE = {
  pass: { color: RISK_COLOR.low, Icon: CheckCircleRounded },
  warn: { color: RISK_COLOR.medium, Icon: ErrorOutlineRounded },
  fail: { color: RISK_COLOR.high, Icon: CancelRounded },
} as const;

export const NO_PRESET_CHECKS = 'This report was made before platform checks existed. Pick a platform to check it against one.';

/**
 * Platform checks: which preset was applied (and for auto, what it saw and why), then each of its checks with what
 * was measured, what the platform asks for and the evidence. `control` is the re-derive picker (owner only).
 */
export function PlatformChecks({ preset, control }: { preset: PresetView | null; control?: ReactNode }) {
  if (!preset && !control) return null;
  return (
    <Card component="section" aria-labelledby="platform-checks-title" sx={{ p: { xs: 2, md: 3 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between', alignItems: 'flex-start', mb: 2 }}>
        <Box sx={{ minWidth: 0, flex: '1 1 280px' }}>
          <Typography id="platform-checks-title" variant="h6" component="h2">
            Platform checks
          </Typography>
          {preset ? (
            <>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {preset.heading} · {preset.tally}
              </Typography>
              {preset.autoReason && (
                <Typography variant="body2" color="text.secondary" data-testid="platform-auto-reason">
                  Auto: {preset.autoReason}
                </Typography>
              )}
            </>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {NO_PRESET_CHECKS}
            </Typography>
          )}
        </Box>
        {control && <Box sx={{ flex: { xs: '1 1 100%', sm: '0 1 240px' } }}>{control}</Box>}
      </Box>
      {preset && (
        <Box component="ul" aria-label={`Checks for ${preset.platform}`} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {preset.checks.map((check) => {
            const { color, Icon } = STATUS_STYLE[check.status];
            return (
              <Box
                component="li"
                key={check.id}
                data-testid={`platform-check-${check.id}`}
                data-status={check.status}
                sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25, alignItems: 'start', p: 1.5, borderRadius: 2, border: 1, borderColor: 'divider' }}
              >
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color, fontWeight: 700, minWidth: 64 }}>
                  <Icon fontSize="small" aria-hidden />
                  <Typography component="span" variant="body2" sx={{ fontWeight: 700, color }}>
                    {check.statusLabel}
                  </Typography>
                </Box>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 700 }}>
                    {check.label}: {check.measured}{' '}
                    <Typography component="span" variant="body2" color="text.secondary">
                      (target: {check.target})
                    </Typography>
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {check.evidence}
                  </Typography>
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
    </Card>
  );
}
