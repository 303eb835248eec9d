import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { createSpace, listAvailableSpaces } from '#contract/space-connect.ts';
import { accountKeys } from './account.queries.ts';
import { useApi } from '../api/api-context.tsx';
import { endpointRef } from '../api/endpoint-ref.ts';

export const availableSpacesEndpoint = endpointRef<typeof listAvailableSpaces>('POST', '/api/spaces/available');
export const createSpaceEndpoint = endpointRef<typeof createSpace>('POST', '/api/spaces/create');

/** The Storyblok spaces a personal access token sees. A mutation: the token is sent, never cached. */
export function useAvailableSpaces() {
  const api = useApi();
  return useMutation({
    mutationFn: (token: string) => api.call(availableSpacesEndpoint, { body: { personal_access_token: token } }),
  });
}

/** Connects a space (or asks to join it when another team already did); the account then lists it. */
export function useCreateSpace() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { spaceId: number; token: string }) =>
      api.call(createSpaceEndpoint, { body: { space_id: input.spaceId, personal_access_token: input.token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
