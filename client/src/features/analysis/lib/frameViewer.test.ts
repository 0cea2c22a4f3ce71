// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { indexFromRatio, isTypingTarget, nearestIndex, stepIndex } from './frameViewer';

describe('frame viewer rules', () => {
  const frames = [{ seconds: 0 }, { seconds: 1 }, { seconds: 2 }, { seconds: 3 }];
  it('steps within bounds', () => {
    expect(stepIndex(0, -1, 4)).toBe(0);
    expect(stepIndex(2, 1, 4)).toBe(3);
    expect(stepIndex(3, 1, 4)).toBe(3);
    expect(stepIndex(0, 1, 0)).toBe(0);
  });
  it('click ratio → proportional frame', () => {
    expect(indexFromRatio(0, 4)).toBe(0);
    expect(indexFromRatio(0.49, 4)).toBe(1);
    expect(indexFromRatio(0.5, 4)).toBe(2);
    expect(indexFromRatio(1, 4)).toBe(3);
    expect(indexFromRatio(-2, 4)).toBe(0);
  });
  it('nearest frame to a moment', () => {
    expect(nearestIndex(frames, 2.4)).toBe(2);
    expect(nearestIndex(frames, 99)).toBe(3);
  });
  it('typing targets', () => {
    expect(isTypingTarget(null)).toBe(false);
    expect(isTypingTarget({ tagName: 'INPUT' } as unknown as EventTarget)).toBe(true);
    expect(isTypingTarget({ tagName: 'TEXTAREA' } as unknown as EventTarget)).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true } as unknown as EventTarget)).toBe(true);
    expect(isTypingTarget({ tagName: 'BUTTON', isContentEditable: false } as unknown as EventTarget)).toBe(false);
  });
});
