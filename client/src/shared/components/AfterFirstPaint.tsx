import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children one step after the content above them has painted, as a transition: React renders them in
 * slices, with the browser free to paint and answer input between slices. For the parts of a long page below the first
 * screen, so the first screen does not wait for them and no single long task renders the whole page.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown ? children : null;
}
