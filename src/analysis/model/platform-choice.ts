/** Which preset applies: the creator's choice, or for `auto` one picked from the video's shape and length. */
import type { Metrics, PlatformChoice } from '@preflight/shared';
import { aspectName } from '../rules/platform-fit';
import { mss } from '../time';
import { AUTO_SHORT_MAX_S, AUTO_TIKTOK_MAX_S, PLATFORM_PRESETS, type Platform } from './constants';

type Shape = Pick<Metrics, 'aspect_ratio' | 'duration_s'>;

/** Square counts with vertical: 1:1 plays in every short-form feed. */
const fitsShortForm = (m: Shape) => m.aspect_ratio <= 1.01;

export function resolvePlatform(choice: PlatformChoice, m: Shape): Platform {
  if (choice !== 'auto') return choice;
  if (fitsShortForm(m) && m.duration_s <= AUTO_SHORT_MAX_S) return 'shorts';
  if (fitsShortForm(m) && m.duration_s <= AUTO_TIKTOK_MAX_S) return 'tiktok';
  return 'youtube';
}

/** Why `auto` picked its platform, in the report's words: "vertical 9:16, 0:42 → YouTube Shorts (…)". */
export function autoChoiceReason(m: Shape & Pick<Metrics, 'width' | 'height'>): string {
  const platform = resolvePlatform('auto', m);
  const shape = m.aspect_ratio < 0.99 ? 'vertical' : m.aspect_ratio <= 1.01 ? 'square' : 'horizontal';
  const seen = `${shape} ${aspectName(m.width, m.height)}, ${mss(m.duration_s)}`;
  const label = PLATFORM_PRESETS[platform].label;
  if (platform === 'shorts') return `${seen} → ${label} (vertical or square and up to ${mss(AUTO_SHORT_MAX_S)})`;
  if (platform === 'tiktok') return `${seen} → ${label} (vertical or square, over ${mss(AUTO_SHORT_MAX_S)} and up to ${mss(AUTO_TIKTOK_MAX_S)})`;
  if (!fitsShortForm(m)) return `${seen} → ${label} (wider than square)`;
  return `${seen} → ${label} (over ${mss(AUTO_TIKTOK_MAX_S)}, too long for the short-form feeds)`;
}
