/**
 * Where the server reads the time. Everything whose behaviour depends on time (token expiry, TOTP steps,
 * rate-limit refills, session timeouts) takes it from here, so tests move time instead of sleeping.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
