import { startTransition, useEffect, useState, type ReactNode } from 'react';

/** Runs `task` once the browser has painted the next frame (a task queued from requestAnimationFrame runs after it). */
function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Renders its children once the content above them has painted, as a transition: React renders them in slices, with
 * the browser free to paint and answer input between slices. For the parts of a long page below the first screen, so
 * the first screen does not wait for them and no single long task renders the whole page. Waiting for the paint, not
 * only the commit, matters: started straight from the commit, the slices kept the browser from painting the first
 * screen until they were done.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => afterNextPaint(() => startTransition(() => setShown(true))), []);
  return shown ? children : null;
}
