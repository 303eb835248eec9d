import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SpaceSettings } from '#contract/space-settings.ts';
import { accountKeys } from './account.queries.ts';
import { ApiError, type ApiClient } from '../api/api-client.ts';
import { useApi } from '../api/api-context.tsx';
import { spaceKeys } from './space-keys.ts';


/** Write-back counts move while stories are written; a short poll keeps the card honest without a refresh. */
const SETTINGS_POLL_MS = 5_000;

export function spaceSettingsQueryOptions(api: ApiClient, spaceId: number) {
  return queryOptions({
    queryKey: spaceKeys.settings(spaceId),
    queryFn: ({ signal }) => api.call('getSpaceSettings', { params: { id: spaceId }, signal }),
    refetchInterval: (query) => ((query.state.data?.write_back.pending ?? 0) > 0 ? SETTINGS_POLL_MS : false),
  });
}

/** Where Storyblok must send webhooks, and their secret: admins only (the server refuses anyone else). */
export function webhookSettingsQueryOptions(api: ApiClient, spaceId: number) {
  return queryOptions({
    queryKey: spaceKeys.webhook(spaceId),
    queryFn: ({ signal }) => api.call('getWebhookSettings', { params: { id: spaceId }, signal }),
    staleTime: Infinity,
  });
}

export type SettingsChange = Partial<
  Pick<
    SpaceSettings,
    'write_back_mode' | 'publish_requires' | 'storyblok_requests_per_second' | 'auto_verify_min_score'
  >
>;

/** Changes the space's settings (admins; the server checks): what goes to Storyblok, how fast Polyblok asks it. */
export function useUpdateSpaceSettings(spaceId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SettingsChange) =>
      api.call('updateSpaceSettings', { params: { id: spaceId }, body: change }),
    onSuccess: (settings) => queryClient.setQueryData(spaceKeys.settings(spaceId), settings),
  });
}

/**
 * Deletes the space from Polyblok (owners only). The account is refreshed so the space leaves every list; the
 * caller moves away from the space's screens first, which would otherwise show it as not found.
 */
export function useDeleteSpace(spaceId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call('deleteSpace', { params: { id: spaceId } }),
    // Not awaited: the caller's own callbacks (leaving the space's screens) run before the account reloads.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accountKeys.all }),
    // Gone already (another owner deleted it a moment before): the account must forget it all the same.
    onError: (error) => {
      if (isSpaceNotFound(error)) void queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
  });
}

/** The space the call acted on is not in Polyblok (any more), or the caller is no longer one of its members. */
export function isSpaceNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
