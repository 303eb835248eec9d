import type { Session } from '@supabase/auth-js';

export type AssuranceLevel = 'aal1' | 'aal2';

export interface Assurance {
  /** The level the access token was issued at; null when it carries none. */
  currentLevel: AssuranceLevel | null;
  /** aal2 as soon as the user has a verified factor. */
  nextLevel: AssuranceLevel | null;
}

/** Reads a JWT's payload without verifying it: only the server trusts claims, the UI merely routes on them. */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function asLevel(value: unknown): AssuranceLevel | null {
  return value === 'aal1' || value === 'aal2' ? value : null;
}

/**
 * The same answer as auth-js's `mfa.getAuthenticatorAssuranceLevel()`, but synchronous, so a
 * route guard can decide during render without a loading state of its own.
 */
export function readAssurance(session: Session | null): Assurance {
  if (!session) return { currentLevel: null, nextLevel: null };
  const currentLevel = asLevel(decodeJwtPayload(session.access_token)?.aal);
  const hasVerifiedFactor = (session.user.factors ?? []).some((factor) => factor.status === 'verified');
  return { currentLevel, nextLevel: hasVerifiedFactor ? 'aal2' : currentLevel };
}

/** A signed-in user with a verified factor whose session has not yet passed the code step. */
export function needsSecondFactor(session: Session | null): boolean {
  const { currentLevel, nextLevel } = readAssurance(session);
  return nextLevel === 'aal2' && currentLevel !== 'aal2';
}
