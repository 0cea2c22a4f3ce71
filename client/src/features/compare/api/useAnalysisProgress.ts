import { getStatus } from '@preflight/sdk';
import { STAGE_TEXT, type ProcessingStep } from '@preflight/shared';
import { useQuery } from '@tanstack/react-query';
import type { ApiError } from '../../../shared/api/apiError';
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

/** Which cut the API's 409 says is still analysing (its `reason`: `a_analysing` or `b_analysing`). */
export const waitingCut = (error: ApiError): 'a' | 'b' | null => (error.reason === 'a_analysing' ? 'a' : error.reason === 'b_analysing' ? 'b' : null);
