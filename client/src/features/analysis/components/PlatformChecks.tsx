import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { PresetView } from '@preflight/shared';
import { formatTimestamp } from '../../../shared/reports';
import { CheckRow } from './CheckRow';
import { NotRunLine } from './NotRunLine';
import type { ReportAudience } from './WordChecks';
import { SafeZoneFrame } from './SafeZoneFrame';

/** What the safe-zone frame needs to show the picture: the video's shape and whether frames may be seen. */
export interface CheckFrames {
  aspect: string;
  canView: boolean;
  expired: boolean;
}

export const NO_PRESET_CHECKS = 'This report was made before platform checks existed. Pick a platform to check it against one.';

/**
 * Platform checks: which preset was applied (and for auto, what it saw and why), then each of its checks with what
 * was measured, what the platform asks for and the evidence; a safe-zone finding shows its frame with the covered
 * parts shaded. `control` is the re-derive picker (owner only). Checks that did not run are no rows: the creator
 * reads their names in one line, a client nothing.
 */
export function PlatformChecks({
  preset,
  control,
  frames,
  audience = 'client',
}: {
  preset: PresetView | null;
  control?: ReactNode;
  frames?: CheckFrames;
  audience?: ReportAudience;
}) {
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
          {preset.checks.map((check) => (
            <CheckRow
              key={check.id}
              testId={`platform-check-${check.id}`}
              status={check.status}
              statusLabel={check.statusLabel}
              heading={
                <>
                  {check.label}: {check.measured}{' '}
                  <Typography component="span" variant="body2" color="text.secondary">
                    (target: {check.target})
                  </Typography>
                </>
              }
              evidence={check.evidence}
            >
              {check.overlay && frames && (
                <SafeZoneFrame overlay={check.overlay} timestamp={formatTimestamp(check.overlay.time_s)} frameAspect={frames.aspect} canView={frames.canView} expired={frames.expired} />
              )}
            </CheckRow>
          ))}
        </Box>
      )}
      {preset && audience === 'creator' && <NotRunLine checks={preset.notRun} />}
    </Card>
  );
}
