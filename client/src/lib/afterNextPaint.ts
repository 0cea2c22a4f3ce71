/**
 * Runs `task` once the browser has painted the next frame (a task queued from requestAnimationFrame runs after it).
 * A hidden page paints no frames, so there it runs at once. Returns a cancel function.
 *
 * In src/lib, whose modules the build keeps in a chunk of their own (vite.config.ts, the `entry` group): the entry
 * (main.tsx) imports it and must not pull page code in with it.
 */
export function afterNextPaint(task: () => void): () => void {
  if (typeof document !== 'undefined' && document.visibilityState === 'hidden') {
    const timer = setTimeout(task, 0);
    return () => clearTimeout(timer);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
