import { createShareLink } from '@preflight/sdk';
import { useMutation } from '@tanstack/react-query';
import { useAuth } from '../../auth';
import { shareRequestBody } from '../lib/shareLink';

/** POST /api/prevention/reports/{id}/share with the product's settings; answers { token, shareToken, expires_at, ... }. */
export function useCreateShareLink(reportId: string) {
  const { state } = useAuth();
  const userId = state.status === 'signedIn' ? state.user.uid : null;
  return useMutation({
    mutationFn: async () =>
      (await createShareLink({ path: { reportId }, body: shareRequestBody(reportId, userId), throwOnError: true })).data,
  });
}
