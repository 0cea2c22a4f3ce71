import { createComparisonShareLink, createShareLink } from '@preflight/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dashboardReportsKey } from '../../api/queryKeys';
import { useAuth } from '../../auth';
import { DEFAULT_SHARE_OPTIONS, shareRequestBody, type ShareOptions, type ShareTarget } from '../lib/shareLink';
import { shareLinksKey } from './useShareLinks';

/**
 * A share link with the creator's options (PDF download, lifetime; the product's defaults otherwise): POST /api/prevention/reports/{id}/share for a report, POST
 * /api/compare/share for a comparison; both answer { token, shareToken, expires_at, ... }.
 */
export function useCreateShareLink(target: ShareTarget) {
  const { state } = useAuth();
  const userId = state.status === 'signedIn' ? state.user.uid : null;
  const client = useQueryClient();
  return useMutation({
    // The new link joins the dialog's list of live links and marks the report on the dashboard.
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: shareLinksKey(target) }), client.invalidateQueries({ queryKey: dashboardReportsKey })]),
    mutationFn: async (options: ShareOptions = DEFAULT_SHARE_OPTIONS) => {
      if (target.kind === 'comparison') {
        const { share_settings } = shareRequestBody(target.a, userId, options);
        return (await createComparisonShareLink({ body: { a: target.a, b: target.b, share_settings }, throwOnError: true })).data;
      }
      return (await createShareLink({ path: { reportId: target.reportId }, body: shareRequestBody(target.reportId, userId, options), throwOnError: true })).data;
    },
  });
}
