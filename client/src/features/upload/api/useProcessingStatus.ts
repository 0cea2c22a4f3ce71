import { getStatus, type ProcessingStatusDto } from '@preflight/sdk';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { FALLBACK_VIEW, processingView, shouldPoll, STATUS_POLL_INTERVAL_MS, type ProcessingView } from '../lib/processingStatus';

export const processingStatusKey = (reportId: string) => ['status', reportId] as const;

async function fetchStatus(reportId: string): Promise<ProcessingStatusDto> {
  const { data } = await getStatus({ path: { reportId }, throwOnError: true });
  return data;
}

/**
 * `GET /api/status/{reportId}` every 5 s until completed or error, for at most 10 minutes (docs/product.md, Upload).
 * A failed poll shows the fallback (analyzing, 50 %, "Analysis in progress") and polling goes on.
 */
export function useProcessingStatus(reportId: string | null): { view: ProcessingView | null; filename: string | null } {
  const startedAt = useRef<{ id: string | null; at: number }>({ id: null, at: 0 });
  // eslint-disable-next-line react-hooks/refs, react-hooks/purity -- the 10-minute poll limit counts from the render that first shows this report
  if (startedAt.current.id !== reportId) startedAt.current = { id: reportId, at: Date.now() };

  const query = useQuery({
    queryKey: processingStatusKey(reportId ?? ''),
    queryFn: () => fetchStatus(reportId!),
    enabled: !!reportId,
    retry: false,
    staleTime: 0,
    refetchInterval: (q) => {
      const data = q.state.data;
      const view = q.state.status === 'error' ? FALLBACK_VIEW : data ? processingView(data) : null;
      return shouldPoll(view, startedAt.current.at, Date.now()) ? STATUS_POLL_INTERVAL_MS : false;
    },
    refetchIntervalInBackground: true,
  });

  if (!reportId) return { view: null, filename: null };
  if (query.isError) return { view: FALLBACK_VIEW, filename: query.data?.filename ?? null };
  if (!query.data) return { view: null, filename: null };
  return { view: processingView(query.data), filename: query.data.filename };
}
