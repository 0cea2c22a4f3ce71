import { createApiKey, listApiKeys, revokeApiKey, type ApiKeyCreatedDto, type CreateApiKeyDto } from '@preflight/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const apiKeysKey = ['settings', 'api-keys'] as const;

/** GET /api/keys: the creator's keys (never the keys themselves). */
export function useApiKeys() {
  return useQuery({ queryKey: apiKeysKey, queryFn: async () => (await listApiKeys({ throwOnError: true })).data });
}

/** POST /api/keys: the answer holds the key, shown once. */
export function useCreateApiKey() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateApiKeyDto): Promise<ApiKeyCreatedDto> => (await createApiKey({ body, throwOnError: true })).data,
    onSuccess: () => queries.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

/** DELETE /api/keys/{id}: refused from the next request on. */
export function useRevokeApiKey() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (keyId: string) => {
      await revokeApiKey({ path: { keyId }, throwOnError: true });
    },
    onSuccess: () => queries.invalidateQueries({ queryKey: apiKeysKey }),
  });
}

/** Expiry choices: a date picker is more than a key needs. */
export const EXPIRY_CHOICES = [
  { label: 'Never', days: null },
  { label: '30 days', days: 30 },
  { label: '90 days', days: 90 },
  { label: '1 year', days: 365 },
] as const;

export function expiryFrom(days: number | null, now = new Date()): string | undefined {
  return days === null ? undefined : new Date(now.getTime() + days * 24 * 3600 * 1000).toISOString();
}
