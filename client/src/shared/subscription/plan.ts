/** Creator Pro as sold: £99/month, billed monthly, a free trial at £0/month. */
export const CREATOR_PRO = { name: 'Creator Pro', monthlyPrice: '£99', cycle: 'month' } as const;

export const NO_ACTIVE_SUBSCRIPTION_TITLE = 'No Active Subscription';
export const NO_ACTIVE_SUBSCRIPTION_TEXT = 'Please subscribe to a plan before managing billing.';
export const LOAD_FAILED_TEXT = 'Failed to load subscription information';
export const PORTAL_FAILED_TEXT = 'Failed to open billing portal';

export const planName = (planType: string | null | undefined) => (planType === 'creator_pro' ? CREATOR_PRO.name : 'Free');

const monthYear = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const dayMonthYear = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** "Dec 2024" (the billing tile's "Member since" form). */
export const formatMonthYear = (iso: string | null | undefined) => (iso && !Number.isNaN(Date.parse(iso)) ? monthYear.format(new Date(iso)) : '—');
/** "7 December 2026". */
export const formatDay = (iso: string | null | undefined) => (iso && !Number.isNaN(Date.parse(iso)) ? dayMonthYear.format(new Date(iso)) : null);

/** "1 analysis" / "2 analyses". */
export const analysesText = (n: number) => `${n} ${n === 1 ? 'analysis' : 'analyses'}`;

/** Whether the creator has used their trial (it is offered once): the pricing page then says Subscribe. */
export const trialUsed = (s: { trialExpires?: string | null; status?: string | null } | null | undefined) =>
  Boolean(s?.trialExpires) || s?.status === 'canceled' || s?.status === 'expired';
