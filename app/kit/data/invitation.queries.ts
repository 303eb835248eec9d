import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { acceptInvite, declineInvite } from '#contract/members.ts';
import { accountKeys } from './account.queries.ts';
import { useApi } from '../api/api-context.tsx';
import { endpointRef } from '../api/endpoint-ref.ts';

export const acceptInviteEndpoint = endpointRef<typeof acceptInvite>('POST', '/api/spaces/:id/accept_invite');
export const declineInviteEndpoint = endpointRef<typeof declineInvite>('POST', '/api/spaces/:id/decline_invite');

/** The invited user's answer to an invitation; either way the account's space list changes. */
export function useAnswerInvite() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ spaceId, answer }: { spaceId: number; answer: 'accept' | 'decline' }) => {
      if (answer === 'accept') await api.call(acceptInviteEndpoint, { params: { id: spaceId } });
      else await api.call(declineInviteEndpoint, { params: { id: spaceId } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
