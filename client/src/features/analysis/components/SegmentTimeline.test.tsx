import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatTimestamp, type ViewSegment } from '@preflight/shared';
import { render, screen } from '@testing-library/react';
import { AppProviders } from '../../../test/render';
import { ratingRuns, SEGMENT_LIST_LIMIT, SegmentTimeline } from './SegmentTimeline';

/** `count` five-second stretches from 0 s, rated by `rate(i)`. */
function stretches(count: number, rate: (i: number) => ViewSegment['rating']): ViewSegment[] {
  return Array.from({ length: count }, (_, i) => ({
    start: i * 5,
    end: i * 5 + 5,
    range: `${formatTimestamp(i * 5)}–${formatTimestamp(i * 5 + 5)}`,
    rating: rate(i),
    score: 0.5,
    reasons: ['speech 100 % of the time'],
  }));
}

describe('ratingRuns', () => {
  it('joins adjacent stretches with one rating and keeps the others apart', () => {
    const runs = ratingRuns(stretches(6, (i) => (i < 3 ? 'engaging' : i === 3 ? 'flat' : 'neutral')));
    expect(runs.map((r) => [r.range, r.rating])).toEqual([
      ['0:00–0:15', 'engaging'],
      ['0:15–0:20', 'flat'],
      ['0:20–0:30', 'neutral'],
    ]);
  });
});

describe('SegmentTimeline with many stretches', () => {
  const renderTimeline = (segments: ViewSegment[]) => {
    const fire = segments.filter((s) => s.rating === 'engaging');
    const flat = segments.filter((s) => s.rating === 'flat');
    return render(
      <AppProviders>
        <SegmentTimeline segments={segments} momentum={{ fire: { segments: fire, empty: '' }, flat: { segments: flat, note: null, empty: '' } }} durationSeconds={3600} onSeek={vi.fn()} />
      </AppProviders>,
    );
  };

  it('draws one bar control per run of a rating, not one per stretch (an hour: 720 stretches)', () => {
    const segments = stretches(720, (i) => (i % 100 === 50 ? 'flat' : 'engaging'));
    renderTimeline(segments);
    const bar = screen.getByTestId('segment-bar');
    expect(bar.querySelectorAll('button')).toHaveLength(ratingRuns(segments).length);
    expect(screen.getByRole('button', { name: '0:00–4:10 engaging' })).toBeInTheDocument();
  });

  it(`lists the first ${SEGMENT_LIST_LIMIT} stretches of a long list, and all of them on request`, async () => {
    const segments = stretches(40, (i) => (i === 20 ? 'flat' : 'engaging'));
    const fire = segments.filter((s) => s.rating === 'engaging');
    renderTimeline(segments);
    const list = screen.getByRole('region', { name: "What's Fire" });
    expect(list.querySelectorAll('button')).toHaveLength(SEGMENT_LIST_LIMIT + 1); // the stretches and "Show all"
    await userEvent.click(screen.getByRole('button', { name: `Show all ${fire.length}` }));
    expect(list.querySelectorAll('button')).toHaveLength(fire.length + 1);
    expect(screen.getByRole('button', { name: 'Show fewer' })).toBeInTheDocument();
  });
});
