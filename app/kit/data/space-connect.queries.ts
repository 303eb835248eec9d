import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from './account.queries.ts';
import { useApi } from '../api/api-context.tsx';


/** The Storyblok spaces a personal access token sees. A mutation: the token is sent, never cached. */
export function useAvailableSpaces() {
  const api = useApi();
  return useMutation({
    mutationFn: (token: string) => api.call('listAvailableSpaces', { body: { personal_access_token: token } }),
  });
}

/** Connects a space (or asks to join it when another team already did); the account then lists it. */
export function useCreateSpace() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { spaceId: number; token: string }) =>
      api.call('createSpace', { body: { space_id: input.spaceId, personal_access_token: input.token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
