import { listComparisonShareLinks, listShareLinks, revokeComparisonShareLink, revokeShareLink, type ManagedShareLinkDto } from '@preflight/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dashboardReportsKey } from '../../api/queryKeys';
import type { ShareTarget } from '../lib/shareLink';

export type ManagedShareLink = ManagedShareLinkDto;

/** The cache key of a target's live links: a report's, or a comparison's (the same for either order of its cuts). */
export const shareLinksKey = (target: ShareTarget) =>
  target.kind === 'report' ? (['share-links', target.reportId] as const) : (['share-links', 'comparison', ...[target.a, target.b].sort()] as const);

/**
 * The live links of a report (GET /api/prevention/reports/{id}/share) or of a comparison (GET /api/compare/share?a&b),
 * newest first, while the Share dialog is open.
 */
export function useShareLinks(target: ShareTarget) {
  return useQuery({
    queryKey: shareLinksKey(target),
    queryFn: async () =>
      target.kind === 'report'
        ? (await listShareLinks({ path: { reportId: target.reportId }, throwOnError: true })).data
        : (await listComparisonShareLinks({ query: { a: target.a, b: target.b }, throwOnError: true })).data,
    staleTime: 0,
  });
}

/** Revokes one link (DELETE …/share/{linkId}); the list and the dashboard's "shared" marks are read again. */
export function useRevokeShareLink(target: ShareTarget) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (linkId: string) => {
      if (target.kind === 'report') await revokeShareLink({ path: { reportId: target.reportId, linkId }, throwOnError: true });
      else await revokeComparisonShareLink({ path: { linkId }, query: { a: target.a, b: target.b }, throwOnError: true });
    },
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: shareLinksKey(target) }), client.invalidateQueries({ queryKey: dashboardReportsKey })]),
  });
}
