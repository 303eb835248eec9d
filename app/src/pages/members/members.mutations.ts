import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '#contract/roles.ts';
import { accountKeys } from '#kit/data/account.queries.ts';
import { useApi } from '#kit/api/api-context.tsx';

/**
 * The member list is part of the account (/me: each space's users), so every change reloads the account
 * (spec: "space-level account data is reloaded after most changes"); the page then re-renders from it.
 */
function useReloadAccount() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: accountKeys.all });
}

export function useInviteUser(spaceId: number) {
  const api = useApi();
  const reload = useReloadAccount();
  return useMutation({
    mutationFn: (body: { email: string; role: Role }) => api.call('inviteUser', { params: { id: spaceId }, body }),
    onSuccess: reload,
  });
}

export function useRevokeUser(spaceId: number) {
  const api = useApi();
  const reload = useReloadAccount();
  return useMutation({
    mutationFn: (userId: string) => api.call('revokeUser', { params: { id: spaceId }, body: { user_id: userId } }),
    onSuccess: reload,
  });
}

export function useApproveRequest(spaceId: number) {
  const api = useApi();
  const reload = useReloadAccount();
  return useMutation({
    mutationFn: (body: { user_id: string; role: Role }) =>
      api.call('approveRequest', { params: { id: spaceId }, body }),
    onSuccess: reload,
  });
}

export function useChangeRole(spaceId: number) {
  const api = useApi();
  const reload = useReloadAccount();
  return useMutation({
    mutationFn: (body: { user_id: string; role: Role }) => api.call('changeRole', { params: { id: spaceId }, body }),
    onSuccess: reload,
  });
}
