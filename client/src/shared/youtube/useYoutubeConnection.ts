import { completeYoutubeConnection, disconnectYoutube, getYoutubeConnection, startYoutubeConnection } from '@preflight/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { YoutubeConnectionView } from '@preflight/shared';

/** Said when this server has no Google client: the reason and the other way, never a setting's name (docs/product.md). */
export const YOUTUBE_NOT_SET_UP = 'Importing from YouTube is not set up on this server. You can still add the measured retention as a CSV file exported from YouTube Studio.';

export const youtubeConnectionKey = ['settings', 'youtube'] as const;

/** Where to come back after Google's consent page (the report the creator was on), kept for this tab only. */
const RETURN_KEY = 'preflight.youtube.returnTo';

/** GET /api/youtube/connection: whether this server can connect YouTube, and the creator's connection. */
export function useYoutubeConnection() {
  return useQuery<YoutubeConnectionView>({
    queryKey: youtubeConnectionKey,
    queryFn: async () => (await getYoutubeConnection({ throwOnError: true })).data as YoutubeConnectionView,
    staleTime: 60_000,
  });
}

/** Leaves for Google's consent page; Google returns to Settings › YouTube, which sends the creator back to `returnTo`. */
export function useConnectYoutube() {
  return useMutation({
    mutationFn: async (returnTo: string | null) => {
      const { data } = await startYoutubeConnection({ throwOnError: true });
      if (returnTo) sessionStorage.setItem(RETURN_KEY, returnTo);
      else sessionStorage.removeItem(RETURN_KEY);
      window.location.assign(data.authorization_url);
    },
  });
}

/** Hands Google's code and state to the API; resolves to where the creator was before connecting (or null). */
export function useCompleteYoutubeConnection() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (returned: { code: string; state: string }) => {
      const { data } = await completeYoutubeConnection({ body: returned, throwOnError: true });
      queries.setQueryData(youtubeConnectionKey, data as YoutubeConnectionView);
      const returnTo = sessionStorage.getItem(RETURN_KEY);
      sessionStorage.removeItem(RETURN_KEY);
      return returnTo;
    },
  });
}

export function useDisconnectYoutube() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async () => (await disconnectYoutube({ throwOnError: true })).data,
    onSettled: () => queries.invalidateQueries({ queryKey: youtubeConnectionKey }),
  });
}
