import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PresetView } from '@preflight/shared';
import { FrameImage } from './FrameImage';

type Overlay = NonNullable<PresetView['checks'][number]['overlay']>;

const pct = (v: number) => `${v * 100}%`;
/** Hatched red: reads as "covered" on dark and bright frames alike. */
const COVERED = 'repeating-linear-gradient(135deg, rgba(248, 113, 113, 0.45) 0 5px, rgba(10, 11, 16, 0.35) 5px 10px)';

/**
 * The frame of a safe-zone finding with the platform's covered bands shaded and what sits under them outlined, at
 * the video's own shape. The outline is decoration: the evidence beside it says the same in words.
 */
export function SafeZoneFrame({ overlay, timestamp, frameAspect, canView, expired }: { overlay: Overlay; timestamp: string; frameAspect: string; canView: boolean; expired: boolean }) {
  const drawn = canView && !!overlay.frame.url && !expired;
  return (
    <Box sx={{ mt: 1 }}>
      <Box data-testid="safe-zone-frame" sx={{ position: 'relative', width: { xs: 160, sm: 200 }, aspectRatio: frameAspect }}>
        <FrameImage url={overlay.frame.url} timestamp={timestamp} title="The app's covered parts hatched" canView={canView} expired={expired} />
        {drawn && (
          <Box aria-hidden sx={{ position: 'absolute', inset: 0, pointerEvents: 'none', borderRadius: 3, overflow: 'hidden' }}>
            {overlay.zones.map((z, i) => (
              <Box key={`z${i}`} data-testid="safe-zone-band" sx={{ position: 'absolute', left: pct(z.x), top: pct(z.y), width: pct(z.w), height: pct(z.h), background: COVERED }} />
            ))}
            {overlay.boxes.map((b, i) => (
              <Box key={`b${i}`} data-testid="safe-zone-box" sx={{ position: 'absolute', left: pct(b.x), top: pct(b.y), width: pct(b.w), height: pct(b.h), border: '2px solid #facc15', borderRadius: 0.5, boxShadow: '0 0 0 1px rgba(10, 11, 16, 0.8)' }} />
            ))}
          </Box>
        )}
      </Box>
      {drawn && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
          Frame at {timestamp}: hatched parts are covered by the app; outlined is what sits there.
        </Typography>
      )}
    </Box>
  );
}
