import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/api-client.ts';
import { spaceKeys } from './space-keys.ts';

export const AUDIT_PAGE_SIZE = 25;

/** The space's activity, newest first, a page at a time: each page asks for the events before the last one seen. */
export function auditLogQueryOptions(api: ApiClient, spaceId: number) {
  return infiniteQueryOptions({
    queryKey: spaceKeys.auditLog(spaceId),
    queryFn: ({ pageParam, signal }) =>
      api.call('getAuditLog', {
        params: { id: spaceId },
        query: { limit: AUDIT_PAGE_SIZE, ...(pageParam ? { before: pageParam } : {}) },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_before,
  });
}
