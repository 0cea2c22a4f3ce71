/**
 * Target platforms (docs/product.md, "Target platform"): chosen at upload (default Auto), changeable on the analysis
 * page (a re-derivation, no new decode). `auto` lets the engine pick from the video's shape and length.
 */
export const PLATFORMS = ['tiktok', 'shorts', 'reels', 'youtube'] as const;
export type Platform = (typeof PLATFORMS)[number];
export const PLATFORM_CHOICES = ['auto', ...PLATFORMS] as const;
export type PlatformChoice = (typeof PLATFORM_CHOICES)[number];
export const DEFAULT_PLATFORM: PlatformChoice = 'auto';

/** Each platform as the web app, the PDF and the engine's wording name it. */
export const PLATFORM_NAMES: Record<Platform, string> = {
  tiktok: 'TikTok',
  shorts: 'YouTube Shorts',
  reels: 'Instagram Reels',
  youtube: 'YouTube',
};

/** The upload page's and the analysis page's choices, in the order they are offered. */
export const PLATFORM_CHOICE_META: Record<PlatformChoice, { label: string; hint: string }> = {
  tiktok: { label: PLATFORM_NAMES.tiktok, hint: 'Short-form, vertical' },
  shorts: { label: PLATFORM_NAMES.shorts, hint: 'Short-form, vertical or square' },
  reels: { label: PLATFORM_NAMES.reels, hint: 'Short-form, vertical' },
  youtube: { label: PLATFORM_NAMES.youtube, hint: 'Long-form, any shape' },
  auto: { label: 'Auto', hint: 'Picked from shape and length' },
};
export const PLATFORM_CHOICE_ORDER: readonly PlatformChoice[] = ['tiktok', 'shorts', 'reels', 'youtube', 'auto'];

export const isPlatformChoice = (value: unknown): value is PlatformChoice =>
  typeof value === 'string' && (PLATFORM_CHOICES as readonly string[]).includes(value);
