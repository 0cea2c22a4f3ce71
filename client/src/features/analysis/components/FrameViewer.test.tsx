import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../test/render';
import { setScreen } from '../../../test/render';
import { SEVERITY_LABELS, type Severity, type ViewFrame, type ViewIssue } from '@preflight/shared';
import { FrameViewer, type SeekRequest } from './FrameViewer';

const issue = (seconds: number, severity: Severity, title: string): ViewIssue => ({
  id: `issue-${seconds}`,
  title,
  description: title,
  evidence: 'measured',
  fix: `Fix ${seconds}`,
  severity,
  severityLabel: SEVERITY_LABELS[severity],
  category: 'retention',
  categoryLabel: 'Retention',
  timestamp: `0:0${seconds}`,
  seconds,
  impactScore: 70,
  frame: null,
  retentionGain: null,
  gainText: null,
  plain: { description: title, evidence: 'measured', fix: `Fix ${seconds}`, technical: false },
});
/** 'low' here means a frame without an issue (a timeline frame). */
const frame = (seconds: number, severity: Severity, title = `Frame ${seconds}`): ViewFrame => {
  const issues = severity === 'low' ? [] : [issue(seconds, severity, title)];
  return {
    key: `k${seconds}`,
    seconds,
    timestamp: `0:0${seconds}`,
    title,
    kind: issues.length ? 'issue' : 'timeline',
    issues,
    severity: issues[0]?.severity ?? null,
    path: `frames/${seconds}.jpg`,
    url: `/reports/x_data/frames/${seconds}.jpg?signature=s`,
    fix: issues.length ? `Fix ${seconds}` : '',
    dropOffRate: seconds * 2,
  };
};
const frames = [frame(0, 'high', 'Slow hook'), frame(1, 'low'), frame(2, 'medium', 'Dead air'), frame(3, 'low'), frame(4, 'high', 'Audio clips')];

const renderViewer = (props: Partial<Parameters<typeof FrameViewer>[0]> = {}) =>
  render(
    <AppProviders>
      <FrameViewer frames={frames} canViewFrames {...props} />
    </AppProviders>,
  );
const stamp = () => screen.getByTestId('frame-timestamp').textContent;
const key = (k: string, target: Element = document.body) => fireEvent.keyDown(target, { key: k, code: k === ' ' ? 'Space' : k });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('FrameViewer', () => {
  it('Right/Left step within the list and stop at its ends', () => {
    renderViewer();
    expect(stamp()).toBe('0:00');
    expect(screen.getByTestId('frame-position')).toHaveTextContent('Frame 1 of 5');
    key('ArrowLeft');
    expect(stamp()).toBe('0:00');
    key('ArrowRight');
    key('ArrowRight');
    expect(stamp()).toBe('0:02');
    expect(screen.getByTestId('frame-title')).toHaveTextContent('Dead air');
    expect(screen.getByText('Fix 2')).toBeInTheDocument();
    for (let i = 0; i < 5; i++) key('ArrowRight');
    expect(stamp()).toBe('0:04');
  });

  it('keys are ignored while typing in an input', () => {
    renderViewer();
    const input = document.createElement('input');
    document.body.appendChild(input);
    key('ArrowRight', input);
    key(' ', input);
    expect(stamp()).toBe('0:00');
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(stamp()).toBe('0:00');
    input.remove();
  });

  it('Space plays every 2 s and stops at the last frame; play at the end restarts', () => {
    renderViewer();
    key(' ');
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1999);
    });
    expect(stamp()).toBe('0:00');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(stamp()).toBe('0:01');
    for (let i = 0; i < 3; i++) {
      act(() => {
        vi.advanceTimersByTime(2000);
      });
    }
    expect(stamp()).toBe('0:04');
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(stamp()).toBe('0:04');
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(stamp()).toBe('0:00');
    key(' ');
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  it("the frame box takes the video's own shape; the chip shows the issue's severity", () => {
    renderViewer({ frameAspect: '1920 / 1080' });
    expect(screen.getByTestId('frame-box')).toHaveAttribute('data-aspect', '1920 / 1080');
    expect(screen.getByTestId('frame-severity')).toHaveTextContent('High');
    key('ArrowRight');
    expect(screen.queryByTestId('frame-severity')).not.toBeInTheDocument(); // a timeline frame has no severity
    expect(screen.getByText('No issue')).toBeInTheDocument();
  });

  it('severity filter all / high / medium; keys step within the filtered list', () => {
    renderViewer();
    fireEvent.click(screen.getByRole('button', { name: 'High' }));
    expect(screen.getByTestId('frame-position')).toHaveTextContent('Frame 1 of 2');
    key('ArrowRight');
    expect(stamp()).toBe('0:04');
    fireEvent.click(screen.getByRole('button', { name: 'Medium' }));
    expect(stamp()).toBe('0:02');
    expect(screen.getByTestId('frame-position')).toHaveTextContent('Frame 1 of 1');
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getByTestId('frame-position')).toHaveTextContent('Frame 1 of 5');
  });

  it('on a phone the filter is an all/high toggle', () => {
    setScreen(375);
    renderViewer();
    expect(screen.queryByRole('button', { name: 'Medium' })).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'High severity only' });
    fireEvent.click(toggle);
    expect(screen.getByTestId('frame-position')).toHaveTextContent('Frame 1 of 2');
    fireEvent.click(toggle);
    expect(screen.getByTestId('frame-position')).toHaveTextContent('Frame 1 of 5');
  });

  it('clicking the timeline bar jumps to the proportional frame', () => {
    renderViewer();
    const bar = screen.getByTestId('frame-timeline-bar');
    bar.getBoundingClientRect = () => ({ left: 100, width: 500, top: 0, height: 28, right: 600, bottom: 28, x: 100, y: 0, toJSON: () => ({}) });
    fireEvent.click(bar, { clientX: 100 + 500 * 0.65 });
    expect(stamp()).toBe('0:03');
    fireEvent.click(bar, { clientX: 600 });
    expect(stamp()).toBe('0:04');
  });

  it('a seek request shows the nearest frame', () => {
    const { rerender } = renderViewer({ seekRequest: null });
    rerender(
      <AppProviders>
        <FrameViewer frames={frames} canViewFrames seekRequest={{ seconds: 2.2, nonce: 1 } satisfies SeekRequest} />
      </AppProviders>,
    );
    expect(stamp()).toBe('0:02');
  });

  it('images load lazily: loading → success, and error shows the placeholder with timestamp and title', () => {
    renderViewer();
    const img = screen.getByRole('img', { name: '0:00 Slow hook' });
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img.parentElement).toHaveAttribute('data-state', 'loading');
    fireEvent.load(img);
    expect(img.parentElement).toHaveAttribute('data-state', 'success');
    key('ArrowRight');
    key('ArrowRight');
    fireEvent.error(screen.getByRole('img', { name: '0:02 Dead air' }));
    const placeholder = screen.getByTestId('frame-placeholder');
    expect(placeholder).toHaveTextContent('0:02');
    expect(placeholder).toHaveTextContent('Dead air');
  });

  it('expired frames (48 h) show the placeholder without requesting the image', () => {
    renderViewer({ framesExpired: true });
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByTestId('frame-placeholder')).toHaveTextContent('0:00');
    expect(screen.getByTestId('frame-placeholder')).toHaveTextContent('Frames are deleted 48 hours after analysis');
  });

  it('without sign-in: "Please sign in to view frames"', () => {
    renderViewer({ canViewFrames: false });
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('Please sign in to view frames')).toBeInTheDocument();
  });

  it('no frames: "No Analysis Data", or "Loading analysis data..." while loading', () => {
    const { unmount } = renderViewer({ frames: [] });
    expect(screen.getByText('No Analysis Data')).toBeInTheDocument();
    unmount();
    renderViewer({ frames: [], loading: true });
    expect(screen.getByText('Loading analysis data...')).toBeInTheDocument();
  });
});
