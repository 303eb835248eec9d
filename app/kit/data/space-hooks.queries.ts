import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { HookEventType } from '#contract/hook-rules.ts';
import type { HookDelivery, SpaceHook } from '#contract/space-hooks.ts';
import { useApi } from '../api/api-context.tsx';
import type { ApiClient } from '../api/api-client.ts';
import { spaceKeys } from './space-keys.ts';

/** While an event is on its way (not yet tried), its outcome is a few seconds off: look again until it is known. */
const SENDING_POLL_MS = 2000;

/** The space's outgoing webhooks (admins), each with its last delivery's outcome. */
export function spaceHooksQueryOptions(api: ApiClient, spaceId: number) {
  return queryOptions({
    queryKey: spaceKeys.hooks(spaceId),
    queryFn: ({ signal }) => api.call('listSpaceHooks', { params: { id: spaceId }, signal }),
    refetchInterval: (query) =>
      query.state.data?.hooks.some(
        (hook: SpaceHook) => hook.last_delivery?.status === 'pending' && hook.last_delivery.attempts === 0,
      )
        ? SENDING_POLL_MS
        : false,
  });
}

/**
 * A hook's recent deliveries. Looked at again every few seconds while one is still on its way, so a test event
 * is seen to arrive (or fail) without reloading.
 */
export function hookDeliveriesQueryOptions(api: ApiClient, spaceId: number, hookId: number) {
  return queryOptions({
    queryKey: spaceKeys.hookDeliveries(spaceId, hookId),
    queryFn: ({ signal }) => api.call('listHookDeliveries', { params: { id: spaceId, hookId }, signal }),
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((delivery: HookDelivery) => delivery.status === 'pending' && delivery.attempts === 0)
        ? SENDING_POLL_MS
        : false,
  });
}

export function useCreateSpaceHook(spaceId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { url: string; events: HookEventType[] }) =>
      api.call('createSpaceHook', { params: { id: spaceId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: spaceKeys.hooks(spaceId) }),
  });
}

export function useUpdateSpaceHook(spaceId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ hookId, ...body }: { hookId: number; url?: string; events?: HookEventType[]; active?: boolean }) =>
      api.call('updateSpaceHook', { params: { id: spaceId, hookId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: spaceKeys.hooks(spaceId) }),
  });
}

export function useDeleteSpaceHook(spaceId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hookId: number) => api.call('deleteSpaceHook', { params: { id: spaceId, hookId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: spaceKeys.hooks(spaceId) }),
  });
}

/** Queues a `ping` to the hook; its deliveries (and the hook's last status) are read again. */
export function useSendHookTestEvent(spaceId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hookId: number) => api.call('sendHookTestEvent', { params: { id: spaceId, hookId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: spaceKeys.hooks(spaceId) }),
  });
}
