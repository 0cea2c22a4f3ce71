import CampaignRounded from '@mui/icons-material/CampaignRounded';
import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import MemoryRounded from '@mui/icons-material/MemoryRounded';
import PhishingRounded from '@mui/icons-material/PhishingRounded';
import TimelineRounded from '@mui/icons-material/TimelineRounded';
import type SvgIcon from '@mui/material/SvgIcon';
import { CATEGORY_LABELS, type IssueCategory } from '@preflight/shared';

/** Each issue category (the list and labels are @preflight/shared's ISSUE_CATEGORIES and CATEGORY_LABELS) with its icon. */
export const CATEGORY_META: Record<IssueCategory, { label: string; Icon: typeof SvgIcon }> = {
  hook: { label: CATEGORY_LABELS.hook, Icon: PhishingRounded },
  retention: { label: CATEGORY_LABELS.retention, Icon: TimelineRounded },
  algorithm: { label: CATEGORY_LABELS.algorithm, Icon: MemoryRounded },
  engagement: { label: CATEGORY_LABELS.engagement, Icon: FavoriteRounded },
  cta: { label: CATEGORY_LABELS.cta, Icon: CampaignRounded },
};
