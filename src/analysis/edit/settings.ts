/** The proposal's defaults (issue 42): what it keeps around speech and what it leaves alone. Each is settable. */
import type { EditSettings } from '@preflight/shared';

export const DEFAULT_EDIT_SETTINGS: EditSettings = {
  // Word endings cut off are what users of silence cutters complain of most: more is kept after speech than before.
  margin_before_s: 0.15,
  margin_after_s: 0.25,
  min_silence_s: 0.6,
  min_kept_s: 0.5,
  shorten_pauses_to_s: null,
};

/** A cut shorter than this removes nothing anyone would notice; it is dropped rather than proposed. */
export const MIN_CUT_S = 0.1;

/** The settings with a caller's overrides (unknown or missing values fall back to the defaults). */
export function editSettings(overrides: Partial<EditSettings> = {}): EditSettings {
  return { ...DEFAULT_EDIT_SETTINGS, ...Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)) };
}
