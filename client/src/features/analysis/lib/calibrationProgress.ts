const WORDS = ['no', 'one', 'two', 'three', 'four', 'five'];

/** "2 of 3 posted videos measured — one more to calibrate your predictions", or that they are calibrated. */
export function calibrationProgressLine(measured: number, needed: number): string {
  if (measured >= needed) return `${measured} posted videos measured: your next predictions are calibrated to your audience.`;
  const left = needed - measured;
  return `${measured} of ${needed} posted videos measured — ${WORDS[left] ?? left} more to calibrate your predictions.`;
}
