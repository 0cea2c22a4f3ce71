import { PLATFORM_NAMES } from '@preflight/shared';
import { PLATFORM_PRESETS } from './constants';

describe('platform names', () => {
  it('the engine writes each platform as the web app and the PDF show it (YouTube, TikTok, Instagram Reels, YouTube Shorts)', () => {
    const engineLabels = Object.fromEntries(Object.entries(PLATFORM_PRESETS).map(([platform, preset]) => [platform, preset.label]));
    expect(engineLabels).toEqual(PLATFORM_NAMES);
    expect(Object.values(PLATFORM_NAMES).sort()).toEqual(['Instagram Reels', 'TikTok', 'YouTube', 'YouTube Shorts']);
  });
});
