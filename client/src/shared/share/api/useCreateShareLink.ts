import { createComparisonShareLink, createShareLink } from '@preflight/sdk';
import { useMutation } from '@tanstack/react-query';
import { useAuth } from '../../auth';
import { shareRequestBody, type ShareTarget } from '../lib/shareLink';

/**
 * A share link with the product's settings: POST /api/prevention/reports/{id}/share for a report, POST
 * /api/compare/share for a comparison; both answer { token, shareToken, expires_at, ... }.
 */
export function useCreateShareLink(target: ShareTarget) {
  const { state } = useAuth();
  const userId = state.status === 'signedIn' ? state.user.uid : null;
  return useMutation({
    mutationFn: async () => {
      if (target.kind === 'comparison') {
        const { share_settings } = shareRequestBody(target.a, userId);
        return (await createComparisonShareLink({ body: { a: target.a, b: target.b, share_settings }, throwOnError: true })).data;
      }
      return (await createShareLink({ path: { reportId: target.reportId }, body: shareRequestBody(target.reportId, userId), throwOnError: true })).data;
    },
  });
}
