import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from './account.queries.ts';
import { useApi } from '../api/api-context.tsx';


/** The invited user's answer to an invitation; either way the account's space list changes. */
export function useAnswerInvite() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ spaceId, answer }: { spaceId: number; answer: 'accept' | 'decline' }) => {
      if (answer === 'accept') await api.call('acceptInvite', { params: { id: spaceId } });
      else await api.call('declineInvite', { params: { id: spaceId } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
