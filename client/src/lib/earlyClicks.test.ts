import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyClicks, replayEarlyClicks, stopHoldingEarlyClicks } from './earlyClicks';

afterEach(() => {
  replayEarlyClicks();
  document.body.innerHTML = '';
});

describe('earlyClicks', () => {
  it('presses again, once the app has the page, the last button pressed before', () => {
    document.body.innerHTML = '<button id="a">A</button><button id="b"><span>B</span></button><a href="#x">link</a>';
    holdEarlyClicks();
    document.getElementById('a')!.click();
    document.querySelector('#b span')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    document.querySelector('a')!.click();
    // The app's handlers, attached as React hydrates.
    const pressed = vi.fn();
    document.getElementById('a')!.addEventListener('click', () => pressed('a'));
    document.getElementById('b')!.addEventListener('click', () => pressed('b'));
    replayEarlyClicks();
    expect(pressed.mock.calls).toEqual([['b']]);
    document.getElementById('b')!.click(); // no longer held: pressed once, as the visitor did
    expect(pressed).toHaveBeenCalledTimes(2);
  });

  it('holds nothing pressed once React has started to take the page over (it replays those itself)', () => {
    document.body.innerHTML = '<button id="a">A</button>';
    holdEarlyClicks();
    stopHoldingEarlyClicks();
    document.getElementById('a')!.click();
    const pressed = vi.fn();
    document.getElementById('a')!.addEventListener('click', pressed);
    replayEarlyClicks();
    expect(pressed).not.toHaveBeenCalled();
  });

  it('presses nothing when no button was pressed, or the one pressed is gone', () => {
    const pressed = vi.fn();
    holdEarlyClicks();
    replayEarlyClicks();
    document.body.innerHTML = '<button id="a">A</button>';
    holdEarlyClicks();
    document.getElementById('a')!.click();
    document.body.innerHTML = '<button id="a">A</button>';
    document.getElementById('a')!.addEventListener('click', pressed);
    replayEarlyClicks();
    holdEarlyClicks();
    document.getElementById('a')!.remove();
    replayEarlyClicks();
    expect(pressed).not.toHaveBeenCalled();
  });
});
