/**
 * A page the server rendered shows its buttons before the app's scripts have run, and a tap on one then would do
 * nothing (a link still works: the browser follows it). The entry (main.tsx) holds the last button pressed before the
 * app started to take the page over, and the app presses it again once it has (boot.tsx): React keeps the server's
 * elements, so it is the same button, now with its handler. Only the last one: a visitor who pressed twice meant one
 * thing.
 */
let held: HTMLElement | null = null;
let holding = false;

function hold(event: MouseEvent): void {
  const button = event.target instanceof Element ? event.target.closest<HTMLElement>('button, [role="button"]') : null;
  if (button) held = button;
}

export function holdEarlyClicks(doc: Document = document): void {
  if (holding) return;
  holding = true;
  doc.addEventListener('click', hold, true);
}

/**
 * Stops holding: from the moment React starts taking the page over, it replays a press on a part it has not taken
 * over yet itself, and holding it here too would press it twice.
 */
export function stopHoldingEarlyClicks(doc: Document = document): void {
  doc.removeEventListener('click', hold, true);
  holding = false;
}

/** Presses the held button again (if it is still on the page). */
export function replayEarlyClicks(doc: Document = document): void {
  stopHoldingEarlyClicks(doc);
  const button = held;
  held = null;
  if (button?.isConnected) button.click();
}
