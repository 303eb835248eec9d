import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SecretBox } from '../../crypto/secret-box.ts';

/**
 * The panel's challenge travels through Storyblok's consent screen in a cookie of its own: the library owns the
 * OAuth state and the redirect target, so nothing of ours can ride along in the URL. Sealed, so it can be
 * neither read nor forged; SameSite=None and Partitioned, so it also works when the flow runs inside the
 * Visual Editor's iframe.
 */
const COOKIE_NAME = 'polyblok-connect';
const COOKIE_PATH = '/api/connect';
const LIFETIME_SECONDS = 15 * 60;
const SEAL_CONTEXT = 'panel-connect-challenge';

/** The base64url SHA-256 of a 32-byte (or longer) verifier: exactly 43 characters. */
export const CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function attributes(maxAge: number): string {
  return `Path=${COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; Secure; SameSite=None; Partitioned`;
}

function appendSetCookie(res: ServerResponse, cookie: string): void {
  const current = res.getHeader('Set-Cookie');
  const list = current === undefined ? [] : Array.isArray(current) ? current : [String(current)];
  res.setHeader('Set-Cookie', [...list, cookie]);
}

export function setChallengeCookie(res: ServerResponse, box: SecretBox, challenge: string, now: number): void {
  const sealed = box.seal(JSON.stringify({ challenge, expiresAt: now + LIFETIME_SECONDS * 1000 }), SEAL_CONTEXT);
  appendSetCookie(res, `${COOKIE_NAME}=${encodeURIComponent(sealed)}; ${attributes(LIFETIME_SECONDS)}`);
}

function readCookie(req: IncomingMessage, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(/;\s*/)) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator) === name) return part.slice(separator + 1);
  }
  return null;
}

/** The challenge of the sign-in in progress, or null; the cookie is cleared either way (it serves once). */
export function takeChallenge(req: IncomingMessage, res: ServerResponse, box: SecretBox, now: number): string | null {
  const raw = readCookie(req, COOKIE_NAME);
  if (raw === null) return null;
  appendSetCookie(res, `${COOKIE_NAME}=; ${attributes(0)}`);
  try {
    const value = JSON.parse(box.open(decodeURIComponent(raw), SEAL_CONTEXT)) as {
      challenge?: unknown;
      expiresAt?: unknown;
    };
    if (typeof value.challenge !== 'string' || !CHALLENGE_PATTERN.test(value.challenge)) return null;
    if (typeof value.expiresAt !== 'number' || value.expiresAt <= now) return null;
    return value.challenge;
  } catch {
    // Tampered with, sealed under a retired key, or not ours: as good as no cookie.
    return null;
  }
}
