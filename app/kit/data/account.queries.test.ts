import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiClient } from '../api/api-client.ts';
import { createServerStatus } from '../api/server-status.ts';
import { accountKeys, accountQueryOptions, isMfaRequired } from './account.queries.ts';

describe('account queries', () => {
  it('call the endpoint the contract declares, by its name in the route table', async () => {
    const api: ApiClient = { call: vi.fn().mockResolvedValue({ id: 'u1' }), serverStatus: createServerStatus() };
    await new QueryClient().fetchQuery(accountQueryOptions(api, 'u1'));
    expect(api.call).toHaveBeenCalledWith('getMe', expect.objectContaining({ signal: expect.any(AbortSignal) }));
  });

  it('key the account by user, under one prefix for invalidation', () => {
    expect(accountKeys.detail('u1')).toEqual(['account', 'u1']);
    expect(accountKeys.detail('u1').slice(0, 1)).toEqual(accountKeys.all);
  });

  it('recognise the API asking for the code step', () => {
    expect(isMfaRequired(new ApiError('mfa_required', 403, 'Verify your code'))).toBe(true);
    expect(isMfaRequired(new ApiError('forbidden', 403, 'No'))).toBe(false);
    expect(isMfaRequired(new Error('mfa_required'))).toBe(false);
  });
});
