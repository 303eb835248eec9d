import type { BucketRule } from '../../http/rate-limiter.ts';

/** Time limits and rate limits of the auth service. Tests pass their own through the app context. */
export interface AuthSettings {
  accessTokenSeconds: number;
  /** A rotated refresh token presented again within this window gets the same child (concurrent refreshes). */
  refreshReuseGraceSeconds: number;
  /** A session not refreshed for this long ends. */
  sessionIdleSeconds: number;
  /** A session ends this long after sign-in, whatever the activity. */
  sessionLifetimeSeconds: number;
  confirmationLinkSeconds: number;
  recoveryLinkSeconds: number;
  reauthenticationCodeSeconds: number;
  /** Password and e-mail changes need a reauthentication code when the session signed in longer ago. */
  recentSignInSeconds: number;
  /** At most one mail of a kind per address in this window; more requests are answered alike and sent nothing. */
  mailCooldownSeconds: number;
  mfaChallengeSeconds: number;
  maxFactors: number;
  limits: AuthLimits;
  /** Failed passwords and codes, counted in the database (credential-limits.ts says how). */
  credentialLimits: CredentialLimits;
}

/**
 * How failed credential checks are limited. The design (ASVS 6.1.1 asks for it in writing):
 *
 * - Per account and client address: after `freeFailures`, each further attempt from that address on that
 *   account waits `firstDelaySeconds`, then twice as long after every failure, up to `maxDelaySeconds`.
 *   Someone guessing from one address slows down at once; the owner, at another address, is not touched.
 * - Per client address across accounts: at most `perAddress.failures` in the window, against credential
 *   stuffing (one guess each on many accounts).
 * - Per account: at most `perAccount.failures` in the window (ASVS 2.2.1: 100 an hour), against guessing from
 *   many addresses.
 * - The two ceilings never apply to an address the account has signed in from before (a known address): an
 *   attacker who fails on purpose can stop their own addresses, never the owner's usual one. From a known
 *   address only the per-pair delays apply, which already keep guesses far below the ceiling.
 *
 * The account is the e-mail address for a password, known or not, so no answer, status or 429 tells whether an
 * address has an account; for a code it is the user's id. Everything lives in the database (shared by every
 * server process); rows older than the limits' memory are deleted as new failures are written.
 */
export interface CredentialLimits {
  freeFailures: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  perAddress: { failures: number; windowSeconds: number };
  perAccount: { failures: number; windowSeconds: number };
  /** Failures older than this are forgotten (and their rows deleted). */
  failureMemorySeconds: number;
  /** An address stays known this long after its last successful sign-in. */
  knownAddressSeconds: number;
}

export interface AuthLimits {
  /** Password and refresh grants, per client address. */
  tokenPerIp: BucketRule;
  /** Requests that send e-mail (signup, recover, resend), per client address. */
  mailPerIp: BucketRule;
  /** The same per e-mail address named, whether it has an account or not. */
  mailPerAddress: BucketRule;
  verifyPerIp: BucketRule;
  /** Code checks per e-mail address for the POST /verify form with an address. */
  verifyPerAddress: BucketRule;
  /** MFA challenge and verify, per client address. */
  mfaPerIp: BucketRule;
  /** PUT /user and /reauthenticate per user (a reauthentication code is 6 digits). */
  userUpdatePerUser: BucketRule;
}

const DAY = 24 * 60 * 60;

/** GoTrue's defaults where it has them (token, verify, OTP and MFA buckets), stricter where the bars ask. */
export const defaultAuthSettings: AuthSettings = {
  accessTokenSeconds: 3600,
  refreshReuseGraceSeconds: 10,
  sessionIdleSeconds: 7 * DAY,
  sessionLifetimeSeconds: 30 * DAY,
  confirmationLinkSeconds: DAY,
  recoveryLinkSeconds: 3600,
  reauthenticationCodeSeconds: 10 * 60,
  recentSignInSeconds: 12 * 3600,
  mailCooldownSeconds: 60,
  mfaChallengeSeconds: 300,
  maxFactors: 10,
  limits: {
    tokenPerIp: { burst: 30, refill: 150, perSeconds: 300 },
    mailPerIp: { burst: 30, refill: 30, perSeconds: 300 },
    mailPerAddress: { burst: 5, refill: 5, perSeconds: 3600 },
    verifyPerIp: { burst: 30, refill: 30, perSeconds: 300 },
    verifyPerAddress: { burst: 10, refill: 10, perSeconds: 3600 },
    mfaPerIp: { burst: 30, refill: 15, perSeconds: 60 },
    userUpdatePerUser: { burst: 10, refill: 30, perSeconds: 300 },
  },
  credentialLimits: {
    freeFailures: 5,
    firstDelaySeconds: 1,
    maxDelaySeconds: 300,
    perAddress: { failures: 50, windowSeconds: 3600 },
    // ASVS 4.0.3 2.2.1: no more than 100 failed attempts an hour on one account.
    perAccount: { failures: 100, windowSeconds: 3600 },
    failureMemorySeconds: DAY,
    knownAddressSeconds: 90 * DAY,
  },
};

export type AuthSettingsOverride = Partial<Omit<AuthSettings, 'limits' | 'credentialLimits'>> & {
  limits?: Partial<AuthLimits>;
  credentialLimits?: Partial<CredentialLimits>;
};

export function resolveAuthSettings(override: AuthSettingsOverride = {}): AuthSettings {
  return {
    ...defaultAuthSettings,
    ...override,
    limits: { ...defaultAuthSettings.limits, ...override.limits },
    credentialLimits: { ...defaultAuthSettings.credentialLimits, ...override.credentialLimits },
  };
}
