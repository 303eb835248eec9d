import { createHash, timingSafeEqual } from 'node:crypto';
import type { SecretBox } from '../../crypto/secret-box.ts';
import { AppError } from '../../errors.ts';

/**
 * The one-time code that hands the panel its session. It carries the refresh token of a session started at the
 * end of the install, sealed (AES-GCM under the server's key), with the panel's challenge and a one-minute
 * expiry. Trading it rotates that refresh token, so a second trade after the short reuse grace revokes the
 * session (the refresh-token reuse rule), and without the verifier that only the panel holds it is worthless.
 */
const SEAL_CONTEXT = 'panel-connect-code';
export const PANEL_CODE_LIFETIME_MS = 60_000;

export interface PanelCodeContent {
  refreshToken: string;
  challenge: string;
  spaceId: number;
}

export function sealPanelCode(box: SecretBox, content: PanelCodeContent, now: number): string {
  const payload = { ...content, expiresAt: now + PANEL_CODE_LIFETIME_MS };
  return Buffer.from(box.seal(JSON.stringify(payload), SEAL_CONTEXT)).toString('base64url');
}

const invalidCode = () =>
  new AppError('invalid_connect_code', 'This sign-in link has expired or was already used. Please sign in again.');

/** The base64url SHA-256 of the verifier, as the panel computed its challenge. */
export function challengeOf(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** Opens a code presented with its verifier; anything off is the same refusal, so nothing is learnt from it. */
export function openPanelCode(box: SecretBox, code: string, verifier: string, now: number): PanelCodeContent {
  let payload: Partial<PanelCodeContent & { expiresAt: number }>;
  try {
    payload = JSON.parse(box.open(Buffer.from(code, 'base64url').toString(), SEAL_CONTEXT)) as typeof payload;
  } catch {
    throw invalidCode();
  }
  const { refreshToken, challenge, spaceId, expiresAt } = payload;
  if (typeof refreshToken !== 'string' || typeof challenge !== 'string' || typeof spaceId !== 'number') {
    throw invalidCode();
  }
  if (typeof expiresAt !== 'number' || expiresAt <= now) throw invalidCode();
  const expected = Buffer.from(challenge);
  const given = Buffer.from(challengeOf(verifier));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalidCode();
  return { refreshToken, challenge, spaceId };
}
