import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLocalBudget } from './request-budget.ts';
import { createResilientFetch, retryAfterMs } from './resilient-fetch.ts';

/** A loopback server that answers each request with the next scripted status. */
let server: Server;
let baseUrl: string;
let script: Array<{ status: number; headers?: Record<string, string>; body?: unknown }> = [];
const seen: Array<{ method: string; at: number; auth: string | undefined }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', at: Date.now(), auth: req.headers.authorization });
    const next = script.shift() ?? { status: 200 };
    res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
    res.end(JSON.stringify(next.body ?? { status: next.status }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  script = [];
  seen.length = 0;
});

const policy = { maxAttempts: 4, maxElapsedMs: 10_000, baseDelayMs: 20, maxDelayMs: 100 };

describe('createResilientFetch', () => {
  it('rides out 429 and 5xx on reads and answers the success', async () => {
    script = [{ status: 429 }, { status: 502 }, { status: 200 }];
    const send = createResilientFetch({ budget: createLocalBudget(1000), policy });
    const response = await send(`${baseUrl}/v1/spaces`, { headers: { authorization: 'pat' } });
    expect(response.status).toBe(200);
    expect(seen).toHaveLength(3);
  });

  it('waits as long as Retry-After says before trying again', async () => {
    script = [{ status: 429, headers: { 'retry-after': '1' } }, { status: 200 }];
    const send = createResilientFetch({ budget: createLocalBudget(1000), policy });
    await send(`${baseUrl}/v1/spaces`);
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('retries a write on 429 but not on 5xx, where it may have been applied', async () => {
    script = [{ status: 429 }, { status: 500 }];
    const send = createResilientFetch({ budget: createLocalBudget(1000), policy });
    const response = await send(`${baseUrl}/v1/spaces/1/stories`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(500);
    expect(seen.map((request) => request.method)).toEqual(['POST', 'POST']);
  });

  it('gives the last answer back after the attempts run out', async () => {
    script = [{ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 }, { status: 200 }];
    const send = createResilientFetch({ budget: createLocalBudget(1000), policy });
    expect((await send(`${baseUrl}/x`)).status).toBe(503);
    expect(seen).toHaveLength(4);
  });

  it('does not retry what a retry cannot fix', async () => {
    script = [{ status: 401 }, { status: 200 }];
    const send = createResilientFetch({ budget: createLocalBudget(1000), policy });
    expect((await send(`${baseUrl}/x`)).status).toBe(401);
    expect(seen).toHaveLength(1);
  });

  it('takes the limit a 429 names as the token rate from then on', async () => {
    const error = 'Rate limit of 5 request per second reached. Retry later.';
    script = [{ status: 429, headers: { 'retry-after': '0' }, body: { error } }];
    const send = createResilientFetch({ budget: createLocalBudget(1000), policy });
    for (let i = 0; i < 4; i += 1) await send(`${baseUrl}/x`, { headers: { authorization: 'named-limit' } });
    // The retry and the three after it go one fifth of a second apart, not one thousandth.
    expect(seen.at(-1)!.at - seen[1]!.at).toBeGreaterThanOrEqual(3 * 200 - 15);
  });

  it('keeps each token under its rate, while other tokens go on', async () => {
    const send = createResilientFetch({ budget: createLocalBudget(10), policy });
    const started = Date.now();
    await Promise.all([
      ...Array.from({ length: 5 }, () => send(`${baseUrl}/x`, { headers: { authorization: 'slow-token' } })),
      send(`${baseUrl}/x`, { headers: { authorization: 'other-token' } }),
    ]);
    const slow = seen.filter((request) => request.auth === 'slow-token').map((request) => request.at);
    expect(slow[4]! - slow[0]!).toBeGreaterThanOrEqual(350);
    const other = seen.find((request) => request.auth === 'other-token')!;
    expect(other.at - started).toBeLessThan(150);
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});
