import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createSecretBox, generateKeyEntry, parseKeyRing } from '../../crypto/secret-box.ts';
import { setChallengeCookie, takeChallenge } from './challenge-cookie.ts';

const box = createSecretBox(parseKeyRing(generateKeyEntry('k1')));
const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGKgDyw-cM';
const now = 1_800_000_000_000;

function response() {
  const headers = new Map<string, unknown>();
  const res = {
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), value),
  } as unknown as ServerResponse;
  return { res, cookies: () => (headers.get('set-cookie') as string[] | undefined) ?? [] };
}

const request = (cookie: string) => ({ headers: { cookie } }) as IncomingMessage;

describe('the challenge cookie', () => {
  it('carries the challenge sealed to the end of the flow, once', () => {
    const start = response();
    setChallengeCookie(start.res, box, challenge, now);
    const [cookie = ''] = start.cookies();
    expect(cookie).not.toContain(challenge);
    const pair = cookie.split(';')[0]!;

    const end = response();
    expect(takeChallenge(request(`other=1; ${pair}`), end.res, box, now + 60_000)).toBe(challenge);
    expect(end.cookies()).toEqual([expect.stringMatching(/^polyblok-connect=; Path=\/api\/connect; Max-Age=0;/)]);
  });

  it('ignores a cookie that expired, was changed or is missing', () => {
    const start = response();
    setChallengeCookie(start.res, box, challenge, now);
    const pair = start.cookies()[0]!.split(';')[0]!;
    expect(takeChallenge(request(pair), response().res, box, now + 16 * 60_000)).toBeNull();
    expect(takeChallenge(request(`${pair.slice(0, -3)}abc`), response().res, box, now)).toBeNull();
    expect(takeChallenge(request('polyblok-connect=%zz'), response().res, box, now)).toBeNull();
    expect(takeChallenge(request(''), response().res, box, now)).toBeNull();
  });
});
