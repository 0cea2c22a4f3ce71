import ImageNotSupportedRounded from '@mui/icons-material/ImageNotSupportedRounded';
import LockRounded from '@mui/icons-material/LockRounded';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { brand } from '../../../theme';

export const SIGN_IN_TO_VIEW_FRAMES = 'Please sign in to view frames';
type LoadState = 'loading' | 'success' | 'error';

function Placeholder({ timestamp, title, note, locked = false }: { timestamp: string; title: string; note?: string; locked?: boolean }) {
  const Icon = locked ? LockRounded : ImageNotSupportedRounded;
  return (
    <Box data-testid="frame-placeholder" sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', textAlign: 'center', p: 2 }}>
      <Box>
        <Icon sx={{ fontSize: 36, color: 'text.secondary', mb: 1 }} />
        <Typography sx={{ fontWeight: 800, fontSize: '1.4rem' }}>{timestamp}</Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {note && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            {note}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/**
 * One frame, loaded lazily (loading → success | error). On error — including 410 once frames are deleted after 48 h —
 * a placeholder with the timestamp and title shows. Without sign-in (and outside a shared report), no image at all.
 */
export function FrameImage({
  url,
  timestamp,
  title,
  canView,
  expired = false,
}: {
  url?: string;
  timestamp: string;
  title: string;
  canView: boolean;
  expired?: boolean;
}) {
  const [state, setState] = useState<LoadState>('loading');
  const frame = { position: 'relative', width: '100%', height: '100%', bgcolor: brand.ink, borderRadius: 3, overflow: 'hidden', border: `1px solid ${brand.line}` } as const;

  if (!canView) {
    return (
      <Box sx={frame}>
        <Placeholder timestamp={timestamp} title={SIGN_IN_TO_VIEW_FRAMES} locked />
      </Box>
    );
  }
  if (!url || expired) {
    return (
      <Box sx={frame}>
        <Placeholder timestamp={timestamp} title={title} note={expired ? 'Frames are deleted 48 hours after analysis' : undefined} />
      </Box>
    );
  }
  return (
    <Box sx={frame} data-state={state}>
      {state === 'loading' && <Skeleton variant="rectangular" animation="wave" sx={{ position: 'absolute', inset: 0, height: '100%' }} />}
      {state === 'error' ? (
        <Placeholder timestamp={timestamp} title={title} note="Frame unavailable" />
      ) : (
        <Box
          component="img"
          src={url}
          alt={`${timestamp} ${title}`}
          loading="lazy"
          decoding="async"
          onLoad={() => setState('success')}
          onError={() => setState('error')}
          sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block', opacity: state === 'success' ? 1 : 0, transition: 'opacity .2s' }}
        />
      )}
    </Box>
  );
}
