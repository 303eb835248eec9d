import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '#contract/password-rules.ts';
import type { WeakPasswordReason } from '#contract/auth-errors.ts';
import { AppError } from '../../errors.ts';

/** OWASP's first choice for argon2id: 19 MiB, two passes, one lane. */
const hashOptions = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Passwords are compared as NFC: the same characters typed on different systems may arrive composed or
 * decomposed. Nothing else is changed (no trimming, no case folding, no truncation).
 */
export function normalisePassword(password: string): string {
  return password.normalize('NFC');
}

let commonPasswords: Set<string> | null = null;

function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set((dictionary['passwords-common'] as string[]).map((entry) => entry.toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
}

/** Why a new password is refused, in GoTrue's reason names; empty when it is accepted. */
export function passwordProblems(password: string): Array<{ reason: WeakPasswordReason; message: string }> {
  const normalised = normalisePassword(password);
  const length = [...normalised].length;
  const problems: Array<{ reason: WeakPasswordReason; message: string }> = [];
  if (length < MIN_PASSWORD_LENGTH) {
    problems.push({ reason: 'length', message: `Password should be at least ${MIN_PASSWORD_LENGTH} characters.` });
  } else if (length > MAX_PASSWORD_LENGTH) {
    problems.push({ reason: 'length', message: `Password should be at most ${MAX_PASSWORD_LENGTH} characters.` });
  }
  if (isCommonPassword(normalised)) {
    problems.push({
      reason: 'pwned',
      message: 'Password is known to be weak and easy to guess, please choose a different one.',
    });
  }
  return problems;
}

export function assertStrongPassword(password: string): void {
  const problems = passwordProblems(password);
  if (problems.length === 0) return;
  throw new AppError('weak_password', problems.map((problem) => problem.message).join(' '), {
    reasons: problems.map((problem) => problem.reason),
  });
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /**
   * Checks a password against a stored hash; with no hash (unknown user, invited user) it checks against a
   * dummy, so a failed sign-in takes as long whether the account exists or not.
   */
  verify(hash: string | null, password: string): Promise<boolean>;
  needsRehash(hash: string): boolean;
}

export function createPasswordHasher(): PasswordHasher {
  let dummy: Promise<string> | null = null;
  const dummyHash = () => (dummy ??= argon2.hash(randomBytes(16).toString('hex'), hashOptions));
  return {
    hash: (password) => argon2.hash(normalisePassword(password), hashOptions),
    async verify(hash, password) {
      // Longer input than any accepted password cannot match; it still costs one verify, like any other miss.
      const candidate = normalisePassword(password).slice(0, MAX_PASSWORD_LENGTH * 2);
      if (hash === null) {
        await argon2.verify(await dummyHash(), candidate);
        return false;
      }
      try {
        return await argon2.verify(hash, candidate);
      } catch {
        return false;
      }
    },
    needsRehash: (hash) => argon2.needsRehash(hash, hashOptions),
  };
}
