import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiToken } from '#contract/api-tokens.ts';
import type { Role } from '#contract/roles.ts';
import type { ApiClient } from '../api/api-client.ts';
import { useApi } from '../api/api-context.tsx';

export type { ApiToken };

export const apiTokenKeys = {
  all: ['api-tokens'] as const,
};

/** The signed-in user's personal API tokens, revoked ones too. */
export function apiTokensQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: apiTokenKeys.all,
    queryFn: ({ signal }) => api.call('listApiTokens', { signal }),
    // Each opening of the profile shows the tokens' last use as it is now, not as it was half a minute ago.
    staleTime: 0,
  });
}

export interface NewApiToken {
  name: string;
  space_ids: number[];
  role: Role;
  /** An ISO time, or null for a token that does not expire. */
  expires_at: string | null;
}

/** Answers the token with its secret: the only time the browser ever sees it. */
export function useCreateApiToken() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewApiToken) => api.call('createApiToken', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}

export function useRevokeApiToken() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) => api.call('revokeApiToken', { params: { tokenId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
