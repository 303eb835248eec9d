import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { approveRequest, changeRole, inviteUser, revokeUser } from '#contract/members.ts';
import type { Role } from '#contract/roles.ts';
import { accountKeys } from '#kit/data/account.queries.ts';
import { useApi } from '#kit/api/api-context.tsx';
import { endpointRef } from '#kit/api/endpoint-ref.ts';

export const inviteUserEndpoint = endpointRef<typeof inviteUser>('POST', '/api/spaces/:id/invite_user');
export const revokeUserEndpoint = endpointRef<typeof revokeUser>('POST', '/api/spaces/:id/revoke_user');
export const approveRequestEndpoint = endpointRef<typeof approveRequest>('POST', '/api/spaces/:id/approve_user');
export const changeRoleEndpoint = endpointRef<typeof changeRole>('POST', '/api/spaces/:id/change_role');

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
    mutationFn: (body: { email: string; role: Role }) =>
      api.call(inviteUserEndpoint, { params: { id: spaceId }, body }),
    onSuccess: reload,
  });
}

export function useRevokeUser(spaceId: number) {
  const api = useApi();
  const reload = useReloadAccount();
  return useMutation({
    mutationFn: (userId: string) =>
      api.call(revokeUserEndpoint, { params: { id: spaceId }, body: { user_id: userId } }),
    onSuccess: reload,
  });
}

export function useApproveRequest(spaceId: number) {
  const api = useApi();
  const reload = useReloadAccount();
  return useMutation({
    mutationFn: (body: { user_id: string; role: Role }) =>
      api.call(approveRequestEndpoint, { params: { id: spaceId }, body }),
    onSuccess: reload,
  });
}

export function useChangeRole(spaceId: number) {
  const api = useApi();
  const reload = useReloadAccount();
  return useMutation({
    mutationFn: (body: { user_id: string; role: Role }) =>
      api.call(changeRoleEndpoint, { params: { id: spaceId }, body }),
    onSuccess: reload,
  });
}
