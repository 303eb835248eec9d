import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, parseKeyRing, generateKeyEntry } from '../../crypto/secret-box.ts';
import { newHookSecret, openHookSecret, signedHeaders } from './hook-signature.ts';

describe('hook signatures', () => {
  it('sign exactly the body with the secret, and carry the time and event id', () => {
    const body = '{"id":"e1","type":"ping","data":{"text":"Grüße 🎉"}}';
    const headers = signedHeaders(body, 'pbwh_secret', 'e1', new Date('2026-12-07T03:00:00Z'));
    const expected = createHmac('sha256', 'pbwh_secret').update(Buffer.from(body, 'utf8')).digest('hex');
    expect(headers).toEqual({
      'Content-Type': 'application/json',
      'User-Agent': 'Polyblok-Webhooks',
      'Polyblok-Event-Id': 'e1',
      'Polyblok-Timestamp': '1796612400',
      'Polyblok-Signature': `t=1796612400,v1=${expected}`,
    });
  });

  it('seal the secret for its space only', () => {
    const box = createSecretBox(parseKeyRing(generateKeyEntry()));
    const { secret, sealed } = newHookSecret(box, 7);
    expect(openHookSecret(box, 7, sealed)).toBe(secret);
    expect(() => openHookSecret(box, 8, sealed)).toThrow();
  });
});
