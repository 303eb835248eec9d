import { jwtVerify, SignJWT } from 'jose';
import { accessTokenClaimsSchema, type AccessTokenClaims } from '#contract/auth.ts';
import type { Clock } from '../../clock.ts';

export type Aal = 'aal1' | 'aal2';

export interface AmrEntry {
  method: string;
  timestamp: number;
}

export interface AccessTokenInput {
  user: { id: string; email: string; name: string | null; providers: string[] };
  session: { id: string; aal: Aal; amr: AmrEntry[] };
}

export interface AccessTokens {
  readonly lifetimeSeconds: number;
  sign(input: AccessTokenInput): Promise<{ token: string; expiresAt: number }>;
  /** The claims of a valid token of this server; null for anything else (malformed, expired, other key or alg). */
  verify(token: string): Promise<AccessTokenClaims | null>;
}

export const ACCESS_TOKEN_AUDIENCE = 'authenticated';

/**
 * One-hour HS256 JWTs with GoTrue's claims, which auth-js decodes for the assurance level. Verification
 * accepts HS256 only, checks issuer, audience and expiry against the server clock, and the claim shapes.
 */
export function createAccessTokens(options: {
  secret: string;
  issuer: string;
  lifetimeSeconds: number;
  clock: Clock;
}): AccessTokens {
  const key = new TextEncoder().encode(options.secret);
  return {
    lifetimeSeconds: options.lifetimeSeconds,
    async sign({ user, session }) {
      const issuedAt = Math.floor(options.clock.now() / 1000);
      const expiresAt = issuedAt + options.lifetimeSeconds;
      const token = await new SignJWT({
        email: user.email,
        phone: '',
        app_metadata: { provider: user.providers[0] ?? 'email', providers: user.providers },
        user_metadata: user.name ? { name: user.name } : {},
        role: 'authenticated',
        aal: session.aal,
        amr: session.amr,
        session_id: session.id,
        is_anonymous: false,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(options.issuer)
        .setSubject(user.id)
        .setAudience(ACCESS_TOKEN_AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiresAt };
    },
    async verify(token) {
      if (token.length > 8192) return null;
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: options.issuer,
          audience: ACCESS_TOKEN_AUDIENCE,
          currentDate: new Date(options.clock.now()),
          requiredClaims: ['exp', 'iat', 'sub'],
        });
        const claims = accessTokenClaimsSchema.safeParse(payload);
        return claims.success ? claims.data : null;
      } catch {
        return null;
      }
    },
  };
}
