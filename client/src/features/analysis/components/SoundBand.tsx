import Box from '@mui/material/Box';
import { Hint } from '../../../shared/components/Hint';
import Typography from '@mui/material/Typography';
import type { ReportView } from '@preflight/shared';

/** The retention chart's plot edges (y-axis width on the left, margin on the right), so the band shares its time axis. */
const PLOT_LEFT_PX = 44;
const PLOT_RIGHT_PX = 12;

/**
 * What the soundtrack holds over time — speech, music, other sound, silence — as a thin band under the retention
 * chart, with a legend giving each class's share of the video. Reads the shared view model (`view.audio`), as the
 * PDF does.
 */
export function SoundBand({ audio }: { audio: ReportView['audio'] }) {
  if (audio.status !== 'classified') {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="sound-band-empty">
        {audio.caption}
      </Typography>
    );
  }
  return (
    <Box data-testid="sound-band" sx={{ mt: 0.5 }}>
      <Box
        role="img"
        aria-label={`Sound over time: ${audio.summary}`}
        sx={{ position: 'relative', height: 10, ml: `${PLOT_LEFT_PX}px`, mr: `${PLOT_RIGHT_PX}px`, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}
      >
        {audio.bands.map((b) => (
          // describeChild: the tooltip describes a stretch for pointer users; it must not put aria-label on a plain div
          // (the band as a whole is the image, named by its summary).
          <Hint key={`${b.class}-${b.start}`} title={`${b.label} · ${b.range}`} placement="top" describeChild>
            <Box sx={{ position: 'absolute', top: 0, bottom: 0, left: `${b.leftPercent}%`, width: `max(2px, ${b.widthPercent}%)`, bgcolor: b.color }} />
          </Hint>
        ))}
      </Box>
      <Box component="ul" aria-label="Sound" sx={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5, m: 0, mt: 1, p: 0, ml: `${PLOT_LEFT_PX}px` }}>
        <Typography component="li" variant="caption" color="text.secondary" sx={{ fontWeight: 700 }}>
          Sound
        </Typography>
        {audio.legend.map((l) => (
          <Typography component="li" key={l.class} variant="caption" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
            <Box component="span" aria-hidden sx={{ width: 10, height: 10, borderRadius: 0.5, bgcolor: l.color, flex: 'none' }} />
            {l.label} {l.percent} %
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
