import type { BucketRule } from '../../http/rate-limiter.ts';
import type { CredentialLimits } from './credential-limits.ts';

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
