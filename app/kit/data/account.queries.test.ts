import { describe, expect, it } from 'vitest';
import { getMe } from '#contract/me.ts';
import { ApiError } from '../api/api-client.ts';
import { accountKeys, isMfaRequired, meEndpoint } from './account.queries.ts';

describe('account queries', () => {
  it('call the endpoint the contract declares (the browser keeps only its method and path)', () => {
    expect({ method: meEndpoint.method, path: meEndpoint.path }).toEqual({ method: getMe.method, path: getMe.path });
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
