import { describe, expect, it } from 'vitest';
import { challengeFor, newVerifier } from './pkce.ts';

describe('PKCE for the panel sign-in', () => {
  it('hashes the verifier as RFC 7636 does', async () => {
    expect(await challengeFor('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('makes a new 43-character base64url verifier each time', () => {
    const first = newVerifier();
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newVerifier()).not.toBe(first);
  });
});
