import CampaignRounded from '@mui/icons-material/CampaignRounded';
import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import MemoryRounded from '@mui/icons-material/MemoryRounded';
import PhishingRounded from '@mui/icons-material/PhishingRounded';
import TimelineRounded from '@mui/icons-material/TimelineRounded';
import type SvgIcon from '@mui/material/SvgIcon';

/** Issue categories (docs/product.md, Analysis), in display order, each with its icon. */
export const ISSUE_CATEGORIES = ['hook', 'retention', 'algorithm', 'engagement', 'cta'] as const;
export type IssueCategory = (typeof ISSUE_CATEGORIES)[number];

export const CATEGORY_META: Record<IssueCategory, { label: string; Icon: typeof SvgIcon }> = {
  hook: { label: 'Hook', Icon: PhishingRounded },
  retention: { label: 'Retention', Icon: TimelineRounded },
  algorithm: { label: 'Algorithm', Icon: MemoryRounded },
  engagement: { label: 'Engagement', Icon: FavoriteRounded },
  cta: { label: 'Call to Action', Icon: CampaignRounded },
};

/** Category used when the report names none or an unknown one. */
export const FALLBACK_CATEGORY: IssueCategory = 'engagement';

const SYNONYMS: Record<string, IssueCategory> = {
  call_to_action: 'cta',
  'call-to-action': 'cta',
  'call to action': 'cta',
};

export function normalizeCategory(value: string | null | undefined): IssueCategory {
  const key = (value ?? '').trim().toLowerCase();
  if ((ISSUE_CATEGORIES as readonly string[]).includes(key)) return key as IssueCategory;
  return SYNONYMS[key] ?? FALLBACK_CATEGORY;
}
