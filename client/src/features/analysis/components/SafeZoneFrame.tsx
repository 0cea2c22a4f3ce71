import Box from '@mui/material/Box';
import type { PresetView } from '@preflight/shared';
import { FrameImage } from './FrameImage';

type Overlay = NonNullable<PresetView['checks'][number]['overlay']>;

const pct = (v: number) => `${v * 100}%`;

/**
 * The frame of a safe-zone finding with the platform's covered bands shaded and what sits under them outlined, at
 * the video's own shape. The outline is decoration: the evidence beside it says the same in words.
 */
export function SafeZoneFrame({ overlay, timestamp, frameAspect, canView, expired }: { overlay: Overlay; timestamp: string; frameAspect: string; canView: boolean; expired: boolean }) {
  return (
    <Box data-testid="safe-zone-frame" sx={{ position: 'relative', mt: 1, width: { xs: 160, sm: 200 }, aspectRatio: frameAspect }}>
      <FrameImage url={overlay.frame.url} timestamp={timestamp} title="Interface covers the shaded parts" canView={canView} expired={expired} />
      {canView && overlay.frame.url && !expired && (
        <Box aria-hidden sx={{ position: 'absolute', inset: 0, pointerEvents: 'none', borderRadius: 3, overflow: 'hidden' }}>
          {overlay.zones.map((z, i) => (
            <Box key={`z${i}`} data-testid="safe-zone-band" sx={{ position: 'absolute', left: pct(z.x), top: pct(z.y), width: pct(z.w), height: pct(z.h), bgcolor: 'rgba(10, 11, 16, 0.45)' }} />
          ))}
          {overlay.boxes.map((b, i) => (
            <Box key={`b${i}`} data-testid="safe-zone-box" sx={{ position: 'absolute', left: pct(b.x), top: pct(b.y), width: pct(b.w), height: pct(b.h), border: '2px solid #f87171', borderRadius: 0.5 }} />
          ))}
        </Box>
      )}
    </Box>
  );
}
