/** Polls until `check` returns a value, or fails after the timeout. */
export async function waitUntil<T>(check: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 120_000, everyMs = 250): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
