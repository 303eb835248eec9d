import type { Session } from '@supabase/auth-js';
import { describe, expect, it } from 'vitest';
import { decodeJwtPayload, needsSecondFactor, readAssurance } from './assurance.ts';

function jwt(payload: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

function session(aal: string | undefined, factorStatuses: string[]): Session {
  return {
    access_token: jwt(aal ? { sub: 'u1', aal } : { sub: 'u1' }),
    refresh_token: 'r',
    expires_in: 3600,
    expires_at: 2_000_000_000,
    token_type: 'bearer',
    user: {
      id: 'u1',
      app_metadata: {},
      user_metadata: {},
      aud: 'authenticated',
      created_at: '2026-01-01T00:00:00Z',
      factors: factorStatuses.map((status, index) => ({
        id: `f${index}`,
        factor_type: 'totp',
        status,
        created_at: '2026-01-01T00:00:00Z',
        updated_at: '2026-01-01T00:00:00Z',
      })),
    },
  } as Session;
}

describe('readAssurance', () => {
  it('is empty without a session', () => {
    expect(readAssurance(null)).toEqual({ currentLevel: null, nextLevel: null });
    expect(needsSecondFactor(null)).toBe(false);
  });

  it('stays at aal1 for a user without a verified factor', () => {
    expect(readAssurance(session('aal1', []))).toEqual({ currentLevel: 'aal1', nextLevel: 'aal1' });
    // An enrolment that was never confirmed does not raise the bar.
    expect(needsSecondFactor(session('aal1', ['unverified']))).toBe(false);
  });

  it('asks for the code step at aal1 when a verified factor exists', () => {
    expect(readAssurance(session('aal1', ['verified']))).toEqual({ currentLevel: 'aal1', nextLevel: 'aal2' });
    expect(needsSecondFactor(session('aal1', ['verified']))).toBe(true);
  });

  it('is satisfied once the session is aal2', () => {
    expect(needsSecondFactor(session('aal2', ['verified']))).toBe(false);
  });

  it('treats a token without an aal claim as not yet past the code step', () => {
    expect(needsSecondFactor(session(undefined, ['verified']))).toBe(true);
  });
});

describe('decodeJwtPayload', () => {
  it('decodes base64url payloads with non-ASCII text', () => {
    expect(decodeJwtPayload(jwt({ name: 'Zoë ✓', aal: 'aal2' }))).toEqual({ name: 'Zoë ✓', aal: 'aal2' });
  });

  it('answers null for anything that is not a JWT', () => {
    expect(decodeJwtPayload('not-a-token')).toBeNull();
    expect(decodeJwtPayload('a.%%%.c')).toBeNull();
    expect(decodeJwtPayload(`a.${Buffer.from('"text"').toString('base64url')}.c`)).toBeNull();
  });
});
