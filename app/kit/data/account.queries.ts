import { queryOptions } from '@tanstack/react-query';
import type { MeResponse } from '#contract/me.ts';
import { ApiError, type ApiClient } from '../api/api-client.ts';

/** The signed-in user and their space memberships (spec: Account from /me). */
export type Account = MeResponse;


export const accountKeys = {
  all: ['account'] as const,
  /** Keyed by user so a second user signing in in the same tab never sees the first one's data. */
  detail: (userId: string) => [...accountKeys.all, userId] as const,
};

export function accountQueryOptions(api: ApiClient, userId: string) {
  return queryOptions({
    queryKey: accountKeys.detail(userId),
    queryFn: ({ signal }) => api.call('getMe', { signal }),
    staleTime: 60_000,
  });
}

/** The API refuses an aal1 session of a user with a verified factor until the code step is done. */
export function isMfaRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === 'mfa_required';
}
