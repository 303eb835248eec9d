import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ApiClient } from '#kit/api/api-client.ts';
import { isDatabaseUnavailable } from '#server/db/database-unavailable.ts';
import { defineJob } from '#server/jobs/define-job.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { apiFetch, authFetch } from '#tests/support/auth-client.ts';
import { connectBasicSpace } from '#tests/support/connected-space.ts';
import { startPrivatePostgres, type PrivatePostgres } from '#tests/support/private-postgres.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

/*
 * Polyblok on a PostgreSQL server of this file's own, which the tests stop (fast and immediate), pause and start
 * again while Polyblok keeps running: every call answers 503 database_unavailable meanwhile, nothing is written,
 * and afterwards everything works again without a restart, the jobs included.
 */

const PASSWORD = 'correct horse battery staple';

let postgres: PrivatePostgres | undefined;
let storyblok: FakeStoryblok | undefined;
let server: TestServer;
let owner: ApiClient;
let token: string;
let spaceId: number;
let email: string;

/** Every run of the test job, in order, and the tickets whose run failed because the database was gone. */
const runs: Array<{ ticket: number; retryCount: number }> = [];
const lostDuringRun: number[] = [];
/** Holds a run of the test job until the test lets it go on. */
const holds = new Map<number, { started: () => void; release: Promise<void> }>();

const outageJob = defineJob({
  name: 'test.outage',
  payload: z.object({ ticket: z.number().int() }),
  handler: async ({ ticket }, context) => {
    runs.push({ ticket, retryCount: context.retryCount });
    const hold = context.retryCount === 0 ? holds.get(ticket) : undefined;
    if (hold) {
      hold.started();
      await hold.release;
    }
    try {
      await server.prisma.$queryRaw`SELECT 1`;
    } catch (error) {
      if (isDatabaseUnavailable(error)) lostDuringRun.push(ticket);
      throw error;
    }
  },
  // One at a time: a second job waits in the queue while the first runs.
  concurrency: 1,
  retry: { limit: 5, delaySeconds: 1, maxDelaySeconds: 2 },
  // A run whose end could not be recorded (the database was gone) is taken as dead this soon and run again.
  expireInSeconds: 3,
  heartbeatSeconds: null,
});

async function waitUntil<T>(what: string, check: () => Promise<T | null>, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function jobState(id: string): Promise<string | null> {
  const rows = await server.prisma.$queryRaw<Array<{ state: string }>>`
    SELECT state::text AS state FROM pgboss.job WHERE id = ${id}::uuid`;
  return rows[0]?.state ?? null;
}

const termBody = (translatable: string) => ({ translatable, translated: `${translatable} (de)`, global: true });

/** A sample of the API: public, signed-in, reads and writes, the auth API in both its shapes. */
const sample: Array<[string, () => Promise<Response>]> = [
  ['GET /api/health', () => apiFetch(server, '/api/health')],
  ['GET /api/me', () => apiFetch(server, '/api/me', token)],
  ['GET glossary terms', () => apiFetch(server, `/api/spaces/${spaceId}/glossary_terms`, token)],
  [
    'POST a glossary term',
    () =>
      fetch(`${server.baseUrl}/api/spaces/${spaceId}/glossary_terms`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(termBody('Written during the outage')),
      }),
  ],
  [
    'POST /auth/v1/token',
    () => authFetch(server, '/token?grant_type=password', { body: { email, password: PASSWORD } }),
  ],
  [
    'POST /auth/v1/signup',
    () => authFetch(server, '/signup', { body: { email: `late-${email}`, password: PASSWORD } }),
  ],
];

/**
 * Each call of the sample answers 503 database_unavailable, with Retry-After and a message a person can read
 * (auth-js without the API version header reads GoTrue's older shape: the same code, as error_code).
 */
async function expectEveryCallRefused(): Promise<void> {
  const legacy = () =>
    fetch(`${server.baseUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
  const answers = await Promise.all(
    [...sample, ['POST /auth/v1/token, older shape', legacy] as const].map(async ([name, call]) => {
      const response = await call();
      const body = (await response.json()) as { code?: unknown; error_code?: string; message?: string; msg?: string };
      return {
        name,
        status: response.status,
        code: body.error_code ?? body.code,
        retryAfter: response.headers.get('retry-after'),
        message: body.msg ?? body.message,
      };
    }),
  );
  for (const answer of answers) {
    expect(answer).toEqual({
      name: answer.name,
      status: 503,
      code: 'database_unavailable',
      retryAfter: expect.stringMatching(/^\d+$/),
      message: expect.stringContaining('cannot reach its database'),
    });
  }
}

/** Nothing written while the database was gone, and the API works again. */
async function expectRecovered(): Promise<void> {
  await waitUntil('health answers 200', async () => ((await apiFetch(server, '/api/health')).ok ? true : null));
  expect((await apiFetch(server, '/api/me', token)).status).toBe(200);
  const { terms } = await owner.call('listGlossaryTerms', { params: { id: spaceId }, query: {} });
  expect(terms.map((term) => term.translatable)).not.toContain('Written during the outage');
  const late = await authFetch(server, '/token?grant_type=password', {
    body: { email: `late-${email}`, password: PASSWORD },
  });
  expect(late.status).toBe(400);
  expect(await server.prisma.user.count({ where: { email: `late-${email}` } })).toBe(0);
  const signIn = await authFetch(server, '/token?grant_type=password', { body: { email, password: PASSWORD } });
  expect(signIn.status).toBe(200);
  const term = await owner.call('createGlossaryTerm', {
    params: { id: spaceId },
    body: termBody(`After ${Date.now()}`),
  });
  expect(term.id).toBeGreaterThan(0);
}

/**
 * One job runs (held by the test) and one waits behind it when the database goes away; the running one then
 * fails for want of the database. Both complete once it is back.
 */
async function outage(stop: () => Promise<void>, tickets: { running: number; queued: number }): Promise<void> {
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  let release!: () => void;
  holds.set(tickets.running, { started, release: new Promise<void>((resolve) => (release = resolve)) });
  const runningId = await server.queue.send(outageJob, { ticket: tickets.running });
  await running;
  const queuedId = await server.queue.send(outageJob, { ticket: tickets.queued });
  expect(runningId && queuedId).toBeTruthy();
  expect(await jobState(queuedId!)).toBe('created');

  await stop();
  await expectEveryCallRefused();
  release();
  await waitUntil('the running job meets the outage', async () =>
    lostDuringRun.includes(tickets.running) ? true : null,
  );

  await postgres!.start();
  await expectRecovered();
  for (const id of [runningId!, queuedId!]) {
    await waitUntil(`job ${id} completes`, async () => ((await jobState(id)) === 'completed' ? true : null));
  }
  expect(runs.filter((run) => run.ticket === tickets.queued)).toEqual([{ ticket: tickets.queued, retryCount: 0 }]);
  expect(runs.filter((run) => run.ticket === tickets.running).length).toBeGreaterThan(1);
}

describe('while PostgreSQL is down', { timeout: 90_000 }, () => {
  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
    // Short timeouts, set in the URL as an operator may, so the paused server below costs a few seconds.
    server = await startTestServer({
      databaseServerUrl: `${postgres.url}?statement_timeout=2000&query_timeout=3000`,
      env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl },
      jobs: [outageJob],
    });
    const space = await connectBasicSpace(server, 'outage');
    ({ api: owner, spaceId } = space);
    token = space.accessToken;
    email = (await owner.call('getMe', {})).email;
  }, 120_000);

  afterAll(async () => {
    try {
      // The server's database is dropped on close, which needs the server up.
      if (postgres) {
        postgres.thaw();
        if (!postgres.isRunning()) await postgres.start();
      }
      await server?.close();
      await storyblok?.close();
    } finally {
      await postgres?.dispose();
    }
  }, 60_000);

  it('answers 503 database_unavailable to every call, then recovers with its jobs after a fast shutdown', async () => {
    await outage(() => postgres!.stop('fast'), { running: 1, queued: 2 });
  });

  it('does the same after an immediate shutdown, as after a crash', async () => {
    await outage(() => postgres!.stop('immediate'), { running: 3, queued: 4 });
  });

  it('answers 503 instead of hanging while the server does not answer at all', async () => {
    postgres!.freeze();
    try {
      await expectEveryCallRefused();
    } finally {
      postgres!.thaw();
    }
    await expectRecovered();
  });
});
