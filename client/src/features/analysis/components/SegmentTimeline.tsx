import AcUnitRounded from '@mui/icons-material/AcUnitRounded';
import LocalFireDepartmentRounded from '@mui/icons-material/LocalFireDepartmentRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import { Hint } from '../../../shared/components/Hint';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useState } from 'react';
import { brand } from '../../../theme';
import { formatTimestamp, type Momentum, type ViewSegment } from '@preflight/shared';

const FIRE = brand.fire;
const FLAT = brand.info;
const COLOR = { engaging: FIRE, neutral: alpha(brand.white, 0.18), flat: FLAT } as const;
/** Stretches a list shows before "Show all": an hour-long video has hundreds of them. */
export const SEGMENT_LIST_LIMIT = 6;

type Run = Pick<ViewSegment, 'start' | 'end' | 'rating' | 'range'>;

/** Adjacent stretches with the same rating as one run of the bar: one control per run, never a sliver per 5 s. */
export function ratingRuns(segments: ViewSegment[]): Run[] {
  const runs: Run[] = [];
  for (const s of segments) {
    const last = runs[runs.length - 1];
    if (last && last.rating === s.rating && Math.abs(last.end - s.start) < 0.01) {
      last.end = s.end;
      last.range = `${formatTimestamp(last.start)}–${formatTimestamp(s.end)}`;
    } else runs.push({ start: s.start, end: s.end, rating: s.rating, range: s.range });
  }
  return runs;
}

function SegmentList({ title, Icon, color, segments, note, empty, onSeek }: { title: string; Icon: typeof LocalFireDepartmentRounded; color: string; segments: ViewSegment[]; note?: string | null; empty: string; onSeek: (s: number) => void }) {
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? segments : segments.slice(0, SEGMENT_LIST_LIMIT);
  return (
    <Box component="section" aria-label={title}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Icon sx={{ color }} fontSize="small" />
        <Typography sx={{ fontWeight: 700 }}>{title}</Typography>
      </Box>
      {note && (
        <Typography variant="body2" color="text.secondary" data-testid="momentum-note" sx={{ mb: 1 }}>
          {note}
        </Typography>
      )}
      {segments.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 1 }}>
          {shown.map((s) => (
            <ButtonBase
              key={s.start}
              onClick={() => onSeek(s.start)}
              sx={{ justifyContent: 'flex-start', textAlign: 'left', p: 1.25, borderRadius: 2, border: `1px solid ${alpha(color, 0.3)}`, bgcolor: alpha(color, 0.06), gap: 1.5 }}
            >
              <Typography sx={{ fontWeight: 800, color, fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}>{s.range}</Typography>
              <Typography variant="body2" color="text.secondary">
                {s.reasons.join(' · ')}
              </Typography>
            </ButtonBase>
          ))}
          {segments.length > SEGMENT_LIST_LIMIT && (
            <Button size="small" color="inherit" onClick={() => setShowAll(!showAll)} sx={{ justifySelf: 'start', color: 'text.secondary' }}>
              {showAll ? 'Show fewer' : `Show all ${segments.length}`}
            </Button>
          )}
        </Box>
      )}
    </Box>
  );
}

/** Frame timeline: the video's stretches rated engaging (What's Fire) or flat (What's Flat). */
export function SegmentTimeline({ segments, momentum, durationSeconds, onSeek }: { segments: ViewSegment[]; momentum: Momentum; durationSeconds: number; onSeek: (seconds: number) => void }) {
  const total = Math.max(durationSeconds, ...segments.map((s) => s.end), 1);
  return (
    <Card component="section" aria-labelledby="timeline-title" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id="timeline-title" variant="h6" component="h2" sx={{ mb: 0.5 }}>
        Timeline
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Speech, movement, cuts and energy, rated per stretch. Click to see the frames.
      </Typography>
      <Box data-testid="segment-bar" sx={{ display: 'flex', height: 20, borderRadius: 2, overflow: 'hidden', border: `1px solid ${brand.line}`, mb: 0.75 }}>
        {ratingRuns(segments).map((s) => (
          <Hint key={s.start} title={`${s.range} · ${s.rating === 'engaging' ? 'Fire' : s.rating === 'flat' ? 'Flat' : 'Neutral'}`}>
            <ButtonBase
              aria-label={`${s.range} ${s.rating}`}
              onClick={() => onSeek(s.start)}
              sx={{ width: `${((s.end - s.start) / total) * 100}%`, bgcolor: COLOR[s.rating], borderRight: `1px solid ${brand.ink}` }}
            />
          </Hint>
        ))}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 2.5 }}>
        <Typography variant="caption" color="text.secondary">
          0:00
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formatTimestamp(total)}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <SegmentList title="What's Fire" Icon={LocalFireDepartmentRounded} color={FIRE} segments={momentum.fire.segments} empty={momentum.fire.empty} onSeek={onSeek} />
        <SegmentList title="What's Flat" Icon={AcUnitRounded} color={FLAT} segments={momentum.flat.segments} note={momentum.flat.note} empty={momentum.flat.empty} onSeek={onSeek} />
      </Box>
    </Card>
  );
}
