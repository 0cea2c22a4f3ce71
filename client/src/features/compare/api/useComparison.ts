import { compareCuts } from '@preflight/sdk';
import type { Comparison } from '@preflight/shared';
import { parseComparison } from '../../../shared/reports/validation';
import { useQuery } from '@tanstack/react-query';
import { isApiError, type ApiError } from '../../../shared/api/apiError';

/** While a cut is still being analysed the API answers 409; the page asks again this often (like the dashboard). */
export const COMPARISON_POLL_MS = 5_000;

export const comparisonKey = (a: string, b: string) => ['comparison', a, b] as const;

/** A cut still analysing (409): the comparison is not an error yet, it is waiting. */
export const isWaitingForAnalysis = (error: unknown): error is ApiError => isApiError(error) && error.status === 409 && !!error.reason?.endsWith('_analysing');

/** GET /api/compare?a=&b=, validated once against the comparison contract. */
export function useComparison(a: string | null, b: string | null) {
  return useQuery<Comparison>({
    queryKey: comparisonKey(a ?? '', b ?? ''),
    queryFn: async () => parseComparison((await compareCuts({ query: { a: a!, b: b! }, throwOnError: true })).data),
    enabled: !!a && !!b,
    retry: false,
    staleTime: 5 * 60_000,
    refetchInterval: (query) => (isWaitingForAnalysis(query.state.error) ? COMPARISON_POLL_MS : false),
  });
}
