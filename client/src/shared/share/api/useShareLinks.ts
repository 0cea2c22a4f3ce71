import { listShareLinks, revokeShareLink, type ManagedShareLinkDto } from '@preflight/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dashboardReportsKey } from '../../api/queryKeys';

export type ManagedShareLink = ManagedShareLinkDto;

export const shareLinksKey = (reportId: string) => ['share-links', reportId] as const;

/** The report's live links (GET /api/prevention/reports/{id}/share), newest first, while the Share dialog is open. */
export function useShareLinks(reportId: string | null) {
  return useQuery({
    queryKey: shareLinksKey(reportId ?? ''),
    queryFn: async () => (await listShareLinks({ path: { reportId: reportId! }, throwOnError: true })).data,
    enabled: reportId !== null,
    staleTime: 0,
  });
}

/** Revokes one link (DELETE …/share/{linkId}); the list and the dashboard's "shared" marks are read again. */
export function useRevokeShareLink(reportId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (linkId: string) => {
      await revokeShareLink({ path: { reportId, linkId }, throwOnError: true });
    },
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: shareLinksKey(reportId) }), client.invalidateQueries({ queryKey: dashboardReportsKey })]),
  });
}
