import { createHmac, randomBytes } from 'node:crypto';
import type { SecretBox } from '../../crypto/secret-box.ts';

/**
 * The headers that let a receiver trust a delivery: `Polyblok-Signature` is `t=<unix seconds>,v1=<hex HMAC-SHA256
 * of exactly the body's bytes, keyed with the hook's secret>`, and the same time and the event's id come as headers
 * of their own. The time is in the header, not the signed bytes, so a receiver verifies the body as it arrived; it
 * refuses old timestamps to stop replays, and repeated event ids (a retry carries the same one).
 */
export function signedHeaders(body: string, secret: string, eventId: string, at: Date): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000).toString();
  return {
    'Content-Type': 'application/json',
    'User-Agent': 'Polyblok-Webhooks',
    'Polyblok-Event-Id': eventId,
    'Polyblok-Timestamp': timestamp,
    'Polyblok-Signature': `t=${timestamp},v1=${bodySignature(body, secret)}`,
  };
}

export function bodySignature(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('hex');
}

const context = (spaceId: number) => `space-hook-secret:${spaceId}`;

/** A new signing secret, in the clear (for the admin) and sealed (for the row), bound to the space. */
export function newHookSecret(box: SecretBox, spaceId: number): { secret: string; sealed: string } {
  const secret = `pbwh_${randomBytes(24).toString('base64url')}`;
  return { secret, sealed: box.seal(secret, context(spaceId)) };
}

export function openHookSecret(box: SecretBox, spaceId: number, sealed: string): string {
  return box.open(sealed, context(spaceId));
}
