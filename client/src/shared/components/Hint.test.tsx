import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Hint } from './Hint';

afterEach(() => vi.useRealTimers());

const hover = (element: HTMLElement) => fireEvent.pointerEnter(element, { pointerType: 'mouse' });

describe('Hint', () => {
  it('names its element with the title, shows on hover after a moment, and hides on leave', () => {
    vi.useFakeTimers();
    render(
      <Hint title="Copy link">
        <button type="button">⧉</button>
      </Hint>,
    );
    const button = screen.getByRole('button', { name: 'Copy link' });
    hover(button);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.getByRole('tooltip')).toHaveTextContent('Copy link');
    fireEvent.pointerLeave(button, { pointerType: 'mouse' });
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('keeps a name the element has, shows on keyboard focus and hides on Escape', async () => {
    render(
      <Hint title="Previous (←)">
        <button type="button" aria-label="Previous frame">
          ‹
        </button>
      </Hint>,
    );
    const button = screen.getByRole('button', { name: 'Previous frame' });
    act(() => button.focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Previous (←)');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('with describeChild, describes its element while shown instead of naming it', () => {
    vi.useFakeTimers();
    render(
      <Hint title="Speech · 0:00–0:05" describeChild>
        <div data-testid="stretch" />
      </Hint>,
    );
    const stretch = screen.getByTestId('stretch');
    expect(stretch).not.toHaveAttribute('aria-label');
    hover(stretch);
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(stretch).toHaveAccessibleDescription('Speech · 0:00–0:05');
  });

  it('shows at the touch with enterTouchDelay 0, lingers, then goes', () => {
    vi.useFakeTimers();
    const onTouchStart = vi.fn();
    render(
      <Hint title="What the score measures" enterTouchDelay={0}>
        <span tabIndex={0} onTouchStart={onTouchStart}>
          Optimization score
        </span>
      </Hint>,
    );
    const label = screen.getByText('Optimization score');
    fireEvent.touchStart(label);
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    expect(onTouchStart).toHaveBeenCalled(); // the element's own handler still runs
    fireEvent.touchEnd(label);
    act(() => {
      vi.advanceTimersByTime(1_499);
    });
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
