import { getStatus } from '@preflight/sdk';
import { STAGE_TEXT, type ProcessingStep } from '@preflight/shared';
import { useQuery } from '@tanstack/react-query';
import { COMPARISON_POLL_MS } from './useComparison';

/** Where the analysis of a cut that is still running has got to (GET /api/status/{id}), while the comparison waits. */
export function useAnalysisProgress(reportId: string | null) {
  const query = useQuery({
    queryKey: ['status', reportId ?? ''],
    queryFn: async () => (await getStatus({ path: { reportId: reportId! }, throwOnError: true })).data,
    enabled: !!reportId,
    retry: false,
    staleTime: 0,
    refetchInterval: COMPARISON_POLL_MS,
  });
  if (!query.data) return null;
  return { progress: Math.round(query.data.progress ?? 0), stage: STAGE_TEXT[query.data.currentStep as ProcessingStep] ?? '', filename: query.data.filename };
}

/** Which cut the API's 409 names as still analysing ("Version B is still being analysed…"). */
export const waitingCut = (message: string): 'a' | 'b' | null => (/^Version A\b/.test(message) ? 'a' : /^Version B\b/.test(message) ? 'b' : null);
