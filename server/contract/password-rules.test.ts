import { describe, expect, it } from 'vitest';
import {
  hasPasswordPairErrors,
  MIN_PASSWORD_LENGTH,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DO_NOT_MATCH,
  validatePasswordPair,
} from './password-rules.ts';

describe('validatePasswordPair', () => {
  it('uses the spec texts and minimum', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(8);
    expect(PASSWORDS_DO_NOT_MATCH).toBe('Passwords do not match');
    expect(PASSWORD_TOO_SHORT).toBe('Password must be at least 8 characters long');
  });

  it('accepts a matching pair of 8 characters or more', () => {
    expect(validatePasswordPair('12345678', '12345678')).toEqual({});
    expect(hasPasswordPairErrors(validatePasswordPair('correct horse', 'correct horse'))).toBe(false);
  });

  it('reports a mismatch on the confirmation', () => {
    expect(validatePasswordPair('password-one', 'password-two')).toEqual({ confirmPassword: PASSWORDS_DO_NOT_MATCH });
  });

  it('reports a short password on the password, with the mismatch when both apply', () => {
    expect(validatePasswordPair('1234567', '1234567')).toEqual({ password: PASSWORD_TOO_SHORT });
    expect(validatePasswordPair('short', 'other')).toEqual({
      password: PASSWORD_TOO_SHORT,
      confirmPassword: PASSWORDS_DO_NOT_MATCH,
    });
    expect(hasPasswordPairErrors(validatePasswordPair('', ''))).toBe(true);
  });

  it('counts characters as the user sees them, not UTF-16 units', () => {
    // Four emoji are eight UTF-16 units but four characters.
    expect(validatePasswordPair('🔑🔑🔑🔑', '🔑🔑🔑🔑')).toEqual({ password: PASSWORD_TOO_SHORT });
    expect(validatePasswordPair('mötörhéad', 'mötörhéad')).toEqual({});
  });
});
