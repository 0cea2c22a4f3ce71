import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import PauseRounded from '@mui/icons-material/PauseRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { Hint } from '../../../shared/components/Hint';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { alpha, type Theme } from '@mui/material/styles';
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { brand } from '../../../theme';
import { framesWithSeverity, SEVERITY_LABELS, type ViewFrame, type ViewSegment } from '@preflight/shared';
import { AUTO_PLAY_STEP_MS, indexFromRatio, isTypingTarget, nearestIndex, stepIndex, type SeverityFilter } from '../lib/frameViewer';
import { FrameImage } from './FrameImage';
import { SEVERITY_COLOR } from './severity';

export interface SeekRequest {
  seconds: number;
  /** Changes on every request, so the same moment can be requested twice. */
  nonce: number;
}

const SEGMENT_META = {
  engaging: { label: "What's Fire", color: brand.fire },
  flat: { label: "What's Flat", color: brand.info },
  neutral: { label: 'Steady', color: brand.muted },
} as const;

const INTERACTIVE = /^(button|a|input|textarea|select|summary)$/i;

/** Frame viewer (docs/product.md, Analysis): index, play/pause every 2 s, severity filter, keys, click-to-seek, lazy images. */
export function FrameViewer({
  frames,
  loading = false,
  canViewFrames,
  framesExpired = false,
  seekRequest,
  segments = [],
  frameAspect = '9 / 16',
}: {
  segments?: ViewSegment[];
  frames: ViewFrame[];
  /** The video's own width / height (ReportView.frameAspect.css): a 16:9 video gets a 16:9 box. */
  frameAspect?: string;
  loading?: boolean;
  canViewFrames: boolean;
  framesExpired?: boolean;
  seekRequest?: SeekRequest | null;
}) {
  const isMobile = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [filter, setFilter] = useState<SeverityFilter>('all');
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const visible = useMemo(() => framesWithSeverity(frames, filter), [frames, filter]);
  const last = Math.max(0, visible.length - 1);
  const current = visible[Math.min(index, last)];
  const position = Math.min(index, last);
  const root = useRef<HTMLDivElement>(null);

  const changeFilter = (next: SeverityFilter) => {
    setFilter(next);
    setIndex(0);
    setPlaying(false);
  };

  // A medium filter makes no sense on the phone toggle (all/high): fall back to all.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- follows the screen width (a media query), an outside change
    if (isMobile && filter === 'medium') changeFilter('all');
  }, [isMobile, filter]);

  // Auto-advance every 2 s; stop at the last frame.
  useEffect(() => {
    if (!playing) return;
    if (position >= last) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- play stops when it reaches the last frame, whichever way it got there
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => setIndex(position + 1), AUTO_PLAY_STEP_MS);
    return () => clearTimeout(timer);
  }, [playing, position, last]);

  const togglePlay = useCallback(() => {
    setPlaying((was) => {
      if (!was && position >= last) setIndex(0);
      return !was;
    });
  }, [position, last]);

  const step = useCallback((delta: number) => setIndex((i) => stepIndex(Math.min(i, last), delta, visible.length)), [last, visible.length]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTypingTarget(event.target) || event.altKey || event.ctrlKey || event.metaKey || !visible.length) return;
      if (event.key === ' ' || event.code === 'Space') {
        const tag = (event.target as HTMLElement | null)?.tagName ?? '';
        if (INTERACTIVE.test(tag)) return; // a focused control handles its own Space
        event.preventDefault();
        togglePlay();
      } else if (event.key === 'ArrowLeft') {
        event.preventDefault();
        step(-1);
      } else if (event.key === 'ArrowRight') {
        event.preventDefault();
        step(1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [togglePlay, step, visible.length]);

  // Jump requests from the chart and the timeline: show all frames, nearest to the moment.
  useEffect(() => {
    if (!seekRequest || !frames.length) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a seek request is an event from the chart or timeline, delivered as a prop
    setFilter('all');
    setPlaying(false);
    setIndex(nearestIndex(frames, seekRequest.seconds));
    root.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
  }, [seekRequest, frames]);

  const onBarClick = (event: MouseEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    setIndex(indexFromRatio(rect.width ? (event.clientX - rect.left) / rect.width : 0, visible.length));
  };

  const header = (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2, flexWrap: 'wrap' }}>
      <Box>
        <Typography variant="h6" component="h2">
          Frame-by-frame
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
          Space plays · ← → step
        </Typography>
      </Box>
      {isMobile ? (
        <ToggleButton
          size="small"
          value="high"
          selected={filter === 'high'}
          onChange={() => changeFilter(filter === 'high' ? 'all' : 'high')}
          sx={{ textTransform: 'none', borderRadius: 999, px: 2 }}
        >
          {/* One label; aria-pressed (and the selected style) says whether it is on. */}
          High severity only
        </ToggleButton>
      ) : (
        <ToggleButtonGroup
          exclusive
          size="small"
          value={filter}
          onChange={(_, next: SeverityFilter | null) => next && changeFilter(next)}
          aria-label="Severity filter"
          sx={{ '& .MuiToggleButton-root': { textTransform: 'none', px: 2 } }}
        >
          <ToggleButton value="all">All</ToggleButton>
          <ToggleButton value="high">High</ToggleButton>
          <ToggleButton value="medium">Medium</ToggleButton>
        </ToggleButtonGroup>
      )}
    </Box>
  );

  if (!frames.length) {
    return (
      <Card ref={root} data-testid="frame-viewer" sx={{ p: { xs: 2, md: 3 } }}>
        {header}
        <Box sx={{ py: 6, textAlign: 'center' }}>
          {loading ? (
            <Box sx={{ display: 'inline-flex', gap: 1.5, alignItems: 'center', color: 'text.secondary' }}>
              <CircularProgress size={20} /> Loading analysis data...
            </Box>
          ) : (
            <>
              <Typography variant="h6" component="p">
                No Analysis Data
              </Typography>
              <Typography color="text.secondary">This report has no frames to show.</Typography>
            </>
          )}
        </Box>
      </Card>
    );
  }

  return (
    <Card ref={root} data-testid="frame-viewer" sx={{ p: { xs: 2, md: 3 } }}>
      {header}
      {!current ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          No {filter} severity frames in this video.
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: { xs: 2, md: 3 }, gridTemplateColumns: { xs: '1fr', md: 'minmax(220px, 300px) 1fr' } }}>
          <Box data-testid="frame-box" data-aspect={frameAspect} sx={{ aspectRatio: frameAspect, maxHeight: { xs: '56vh', md: 520 }, maxWidth: '100%', width: '100%', mx: 'auto', alignSelf: 'start' }}>
            <FrameImage key={current.key} url={current.url} timestamp={current.timestamp} title={current.title} canView={canViewFrames} expired={framesExpired} />
          </Box>
          <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
              <Typography data-testid="frame-timestamp" sx={{ fontWeight: 800, fontSize: '1.6rem', fontVariantNumeric: 'tabular-nums' }}>
                {current.timestamp}
              </Typography>
              {current.severity === null ? (
                <Chip size="small" label={current.kind === 'drop_off' ? 'Predicted drop-off' : 'No issue'} variant="outlined" />
              ) : (
                <Chip
                  data-testid="frame-severity"
                  size="small"
                  label={SEVERITY_LABELS[current.severity]}
                  sx={{ bgcolor: alpha(SEVERITY_COLOR[current.severity], 0.16), color: SEVERITY_COLOR[current.severity] }}
                />
              )}
              <Typography data-testid="frame-position" variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
                Frame {position + 1} of {visible.length}
              </Typography>
            </Box>
            <Typography data-testid="frame-title" variant="h6" component="p" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
              {current.title}
            </Typography>
            {current.issues.length > 1 && (
              <Typography data-testid="frame-more-issues" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                Also at this moment: {current.issues.slice(1).map((issue) => `${issue.title} (${issue.severityLabel})`).join(' · ')}
              </Typography>
            )}
            {current.dropOffRate !== null && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                Predicted retention here: <b>{Math.round((100 - current.dropOffRate) * 10) / 10}%</b> of viewers still watching
              </Typography>
            )}
            {(() => {
              const segment = segments.find((s) => current.seconds >= s.start && current.seconds < s.end) ?? segments.find((s) => current.seconds <= s.end);
              if (!segment) return null;
              const meta = SEGMENT_META[segment.rating];
              return (
                <Box data-testid="frame-segment" sx={{ p: 1.5, borderRadius: 2, border: `1px solid ${alpha(meta.color, 0.3)}`, bgcolor: alpha(meta.color, 0.06), mb: 2 }}>
                  <Typography variant="caption" sx={{ color: meta.color, fontWeight: 700 }}>
                    {meta.label} · {segment.range}
                  </Typography>
                  <Typography variant="body2">{segment.reasons.join(' · ') || 'No notable signal'}</Typography>
                </Box>
              );
            })()}
            {current.fix && (
              <Box sx={{ p: 1.5, borderRadius: 2, bgcolor: alpha(brand.success, 0.08), border: `1px solid ${alpha(brand.success, 0.25)}`, mb: 2 }}>
                <Typography variant="caption" sx={{ color: 'success.main', fontWeight: 700 }}>
                  Fix
                </Typography>
                <Typography variant="body2">{current.fix}</Typography>
              </Box>
            )}
            <Box sx={{ mt: 'auto' }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
                <Hint title="Previous (←)">
                  <span>
                    <IconButton aria-label="Previous frame" onClick={() => step(-1)} disabled={position === 0}>
                      <ChevronLeftRounded />
                    </IconButton>
                  </span>
                </Hint>
                <Hint title={playing ? 'Pause (Space)' : 'Play (Space)'}>
                  <IconButton
                    aria-label={playing ? 'Pause' : 'Play'}
                    onClick={togglePlay}
                    sx={{ bgcolor: alpha(brand.violet, 0.18), '&:hover': { bgcolor: alpha(brand.violet, 0.28) } }}
                  >
                    {playing ? <PauseRounded /> : <PlayArrowRounded />}
                  </IconButton>
                </Hint>
                <Hint title="Next (→)">
                  <span>
                    <IconButton aria-label="Next frame" onClick={() => step(1)} disabled={position >= last}>
                      <ChevronRightRounded />
                    </IconButton>
                  </span>
                </Hint>
              </Box>
              <Box
                data-testid="frame-timeline-bar"
                role="presentation"
                onClick={onBarClick}
                title="Click to jump"
                sx={{ position: 'relative', height: 28, borderRadius: 2, cursor: 'pointer', bgcolor: alpha(brand.white, 0.05), border: `1px solid ${brand.line}`, overflow: 'hidden' }}
              >
                <Box sx={{ position: 'absolute', inset: 0, width: `${((position + 1) / visible.length) * 100}%`, bgcolor: alpha(brand.violet, 0.18) }} />
                {visible.map((frame, i) => (
                  <Box
                    key={frame.key}
                    sx={{
                      position: 'absolute',
                      top: 6,
                      bottom: 6,
                      left: `calc(${((i + 0.5) / visible.length) * 100}% - 2px)`,
                      width: 4,
                      borderRadius: 1,
                      bgcolor: i === position ? brand.white : frame.severity === null || frame.severity === 'low' ? alpha(brand.white, 0.25) : SEVERITY_COLOR[frame.severity],
                      pointerEvents: 'none',
                    }}
                  />
                ))}
              </Box>
            </Box>
          </Box>
        </Box>
      )}
    </Card>
  );
}
