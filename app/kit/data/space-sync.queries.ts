import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { SyncStatus } from '#contract/space-connect.ts';
import { accountKeys } from './account.queries.ts';
import type { ApiClient } from '../api/api-client.ts';
import { useApi } from '../api/api-context.tsx';
import { spaceKeys } from './space-keys.ts';


/** How often a running sync's progress is asked for: often enough for the bar to move, cheap for the server. */
export const SYNC_POLL_MS = 1_000;

/** A sync is queued or running while the space holds its batch id. */
export function isSyncRunning(status: Pick<SyncStatus, 'sync_batch_id'> | undefined): boolean {
  return Boolean(status?.sync_batch_id);
}

export function syncStatusQueryOptions(api: ApiClient, spaceId: number) {
  return queryOptions({
    queryKey: spaceKeys.syncStatus(spaceId),
    queryFn: ({ signal }) => api.call('getSyncStatus', { params: { id: spaceId }, signal }),
    staleTime: 0,
    refetchInterval: (query) => (isSyncRunning(query.state.data) ? SYNC_POLL_MS : false),
  });
}

/**
 * The space's sync, polled while it runs. When a run ends, everything the account and the space's screens
 * show (counts, languages, last sync, token issue) is reloaded, since the sync changed it. `accountSaysRunning`
 * is the account's own view (the space's sync_batch_id in /me): a short sync can end before the first poll,
 * and the account must still learn that it did.
 */
export function useSyncStatus(spaceId: number, options: { enabled?: boolean; accountSaysRunning?: boolean } = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const query = useQuery({ ...syncStatusQueryOptions(api, spaceId), enabled: options.enabled ?? true });
  const loaded = query.data !== undefined;
  const running = isSyncRunning(query.data);
  const accountSaysRunning = options.accountSaysRunning ?? false;
  const wasRunning = useRef(running);
  useEffect(() => {
    if (loaded && !running && (wasRunning.current || accountSaysRunning)) {
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
      void queryClient.invalidateQueries({
        queryKey: spaceKeys.detail(spaceId),
        predicate: (entry) => entry.queryKey[2] !== 'sync_status',
      });
    }
    wasRunning.current = running;
  }, [loaded, running, accountSaysRunning, queryClient, spaceId]);
  return query;
}

function useSyncMutationDone(spaceId: number) {
  const queryClient = useQueryClient();
  return (status: SyncStatus) => {
    // The answer is the new run: putting it in the cache starts the polling at once.
    queryClient.setQueryData(spaceKeys.syncStatus(spaceId), status);
    void queryClient.invalidateQueries({ queryKey: accountKeys.all });
  };
}

export function useStartSync(spaceId: number) {
  const api = useApi();
  const onSuccess = useSyncMutationDone(spaceId);
  return useMutation({
    mutationFn: () => api.call('startSync', { params: { id: spaceId } }),
    onSuccess,
  });
}

/** Gives the space a new personal access token; the server then clears the token issue and syncs. */
export function useReplaceSpaceToken(spaceId: number) {
  const api = useApi();
  const onSuccess = useSyncMutationDone(spaceId);
  return useMutation({
    mutationFn: (token: string) =>
      api.call('replaceSpaceToken', { params: { id: spaceId }, body: { personal_access_token: token } }),
    onSuccess,
  });
}
