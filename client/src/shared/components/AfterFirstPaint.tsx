import { Children, startTransition, useEffect, useState, type ReactNode } from 'react';
import { afterNextPaint } from '../../lib/afterNextPaint';

/**
 * Renders its children once the content above them has painted, one child per frame, each as a transition: React
 * renders it in slices, with the browser free to paint and answer input between them. For the sections of a long
 * page below the first screen, so the first screen does not wait for them and no single long task renders (and
 * commits) them all at once. Waiting for the paint, not only the commit, matters: started straight from the commit,
 * the slices kept the browser from painting the first screen until they were done.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const sections = Children.toArray(children);
  const [shown, setShown] = useState(0);
  const more = shown < sections.length;
  useEffect(() => (more ? afterNextPaint(() => startTransition(() => setShown((n) => n + 1))) : undefined), [more, shown]);
  return sections.slice(0, shown);
}
