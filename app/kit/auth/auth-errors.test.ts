import { AuthApiError, AuthRetryableFetchError, AuthWeakPasswordError } from '@supabase/auth-js';
import { describe, expect, it } from 'vitest';
import {
  authErrorMessage,
  describeWeakPasswordReason,
  NETWORK_ERROR_MESSAGE,
  SIGNUP_FALLBACK_MESSAGE,
  weakPasswordReasons,
} from './auth-errors.ts';

describe('weakPasswordReasons', () => {
  it('lists the reasons of a weak_password answer', () => {
    const error = new AuthWeakPasswordError('Password is too weak', 422, ['length', 'pwned']);
    expect(weakPasswordReasons(error)).toEqual(['length', 'pwned']);
    expect(weakPasswordReasons(error).map(describeWeakPasswordReason)).toEqual([
      'It is too short.',
      'It is a common or leaked password; choose one that is not easy to guess.',
    ]);
  });

  it('still says why when the service gave no reason, and shows unknown reasons verbatim', () => {
    expect(weakPasswordReasons(new AuthWeakPasswordError('Weak', 422, []))).toEqual(['weak']);
    expect(describeWeakPasswordReason('Contains your e-mail address')).toBe('Contains your e-mail address');
  });

  it('is empty for other errors', () => {
    expect(weakPasswordReasons(new AuthApiError('Nope', 400, 'validation_failed'))).toEqual([]);
  });
});

describe('authErrorMessage', () => {
  it("shows the provider's message", () => {
    expect(authErrorMessage(new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'))).toBe(
      'Invalid login credentials',
    );
  });

  it('explains a network failure (status 0) in words', () => {
    expect(authErrorMessage(new AuthRetryableFetchError('Failed to fetch', 0))).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('uses the fallback when there is no message to show', () => {
    expect(authErrorMessage(new AuthApiError('{}', 500, undefined), SIGNUP_FALLBACK_MESSAGE)).toBe(
      'An error occurred during signup',
    );
    expect(authErrorMessage(undefined, SIGNUP_FALLBACK_MESSAGE)).toBe(SIGNUP_FALLBACK_MESSAGE);
  });
});
