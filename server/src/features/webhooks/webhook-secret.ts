import { randomBytes } from 'node:crypto';
import type { SecretBox } from '../../crypto/secret-box.ts';

const context = (storyblokSpaceId: bigint | number) => `webhook-secret:${storyblokSpaceId}`;

/** A new secret for the space's Storyblok webhook, sealed for storage. */
export function newWebhookSecret(box: SecretBox, storyblokSpaceId: number): string {
  return box.seal(randomBytes(24).toString('base64url'), context(storyblokSpaceId));
}

export function openWebhookSecret(box: SecretBox, storyblokSpaceId: bigint | number, sealed: string): string {
  return box.open(sealed, context(storyblokSpaceId));
}
