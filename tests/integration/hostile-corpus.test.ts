import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authErrorSchema, legacyAuthErrorSchema } from '#contract/auth.ts';
import { endpoints } from '#contract/endpoints.ts';
import { errorResponseSchema } from '#contract/errors.ts';
import { roles } from '#contract/roles.ts';
import { XLIFF_MAX_BYTES } from '#contract/xliff-rules.ts';
import { AUTH_BASE_PATH, routeNames, routes, type RouteName } from '#contract/routes.ts';
import type { AuthSettingsOverride } from '#server/features/auth/index.ts';
import { serveBuiltFrontEnds } from '#server/http/front-ends.ts';
import { startFakeOpenAI, type FakeOpenAI } from '#tests/fakes/openai/server.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import { startFakeStripe, stripeEnv, type FakeStripe } from '#tests/fakes/stripe/server.ts';
import { createAccount, signIn } from '#tests/support/auth-client.ts';
import { connectBasicSpace } from '#tests/support/connected-space.ts';
import { snapshotDatabase, waitForIdleQueue, type DatabaseSnapshot } from '#tests/support/database-snapshot.ts';
import { hostileCases, type CorpusIds } from '#tests/support/hostile-cases.ts';
import { buildCorpus } from '#tests/support/hostile-corpus.ts';
import type { Caller, HostileRequest, RouteCase } from '#tests/support/hostile-request.ts';
import { sendAll, type RawResponse } from '#tests/support/raw-http.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

/**
 * Thousands of requests no well-behaved client sends, built from the contract's schemas, against every route of
 * the table, anonymously and as every role of a connected space (and a member of another space). Whatever they
 * hold, the server answers each with a 4xx and a code (or a redirect, or a read), never a 5xx, and the database
 * is exactly as it was before.
 */

const SEED = 'hostile-corpus';
const CONNECTIONS = 8;
const callers: readonly Caller[] = ['anonymous', ...roles, 'outsider'];
const emailOf = (caller: Caller) => `hostile-${caller}@example.com`;

const KB = 1024;
/** The body limits the routes declare; the rest take the API's 100 kB, or the auth API's 16 kB. */
const bodyLimits: Partial<Record<RouteName, number>> = {
  receiveStoryblokWebhook: 5 * KB * KB,
  receiveStripeWebhook: KB * KB,
  saveTranslation: KB * KB,
  aiTranslate: KB * KB,
  markAsVerified: 512 * KB,
  markAsUnverified: 512 * KB,
  importXliff: XLIFF_MAX_BYTES,
};
const bodyLimit = (route: RouteName) =>
  bodyLimits[route] ?? (routes[route].path.startsWith(`${AUTH_BASE_PATH}/`) ? 16 * KB : 100 * KB);

/** The corpus names the same few addresses and users thousands of times: no bucket of the auth API may run dry. */
const roomy = { burst: 1_000_000, refill: 1_000_000, perSeconds: 1 };
const roomyLimits: Required<NonNullable<AuthSettingsOverride['limits']>> = {
  tokenPerIp: roomy,
  mailPerIp: roomy,
  mailPerAddress: roomy,
  verifyPerIp: roomy,
  verifyPerAddress: roomy,
  mfaPerIp: roomy,
  userUpdatePerUser: roomy,
};
/** Nor may the failed passwords and codes it sends make any caller wait. */
const roomyCredentialLimits = {
  freeFailures: 1_000_000,
  perAddress: { failures: 1_000_000, windowSeconds: 3600 },
  perAccount: { failures: 1_000_000, windowSeconds: 3600 },
};
/**
 * A failed password or code is recorded, by design, so that the limits hold across server processes; on
 * PostgreSQL the request rate limits and each token's Storyblok request budget are counted in the database
 * too, refused requests included. Those counters are the changes a refused request makes. Every other table
 * must stay as it was.
 */
const recordsOfFailures = ['credential_failures', 'rate_buckets', 'storyblok_budgets'];

/** Addresses of the front ends, which answer a plain 400 or 404 for what they cannot serve. */
const frontEndPaths = ['/', '/login', '/%C0%AF', '/extension/%', '/plugin/..%2F..%2Fetc%2Fpasswd', '/assets/%E2%82'];

let storyblok: FakeStoryblok;
let stripe: FakeStripe;
let openai: FakeOpenAI;
let server: TestServer;
let dist: string;
const tokens = new Map<Caller, string>();
let cases: RouteCase[];
let corpus: HostileRequest[];
let answers: RawResponse[];
let before: DatabaseSnapshot;

async function setUpSpace(): Promise<CorpusIds> {
  const owner = await connectBasicSpace(server, 'owner', emailOf('owner'));
  const { spaceId } = owner;
  tokens.set('owner', (await signIn(server, emailOf('owner'), 'correct horse battery staple')).access_token);
  // Members are written directly: the corpus is about what they send, not how they joined.
  for (const role of roles.filter((name) => name !== 'owner')) {
    const session = await createAccount(server, emailOf(role));
    await server.prisma.membership.create({ data: { spaceId, userId: session.user.id, role, status: 'joined' } });
    tokens.set(role, session.access_token);
  }
  const outsider = await createAccount(server, emailOf('outsider'));
  await server.prisma.space.create({
    data: {
      name: 'Another team',
      storyblokSpaceId: BigInt(900_001),
      region: 'eu',
      memberships: { create: { userId: outsider.user.id, role: 'owner', status: 'joined' } },
    },
  });
  tokens.set('outsider', outsider.access_token);

  const nodeOf = async (storyblokId: number) =>
    (
      await server.prisma.storyNode.findFirstOrThrow({
        where: { spaceId, storyblokId: BigInt(storyblokId) },
        select: { id: true },
      })
    ).id;
  const storyId = await nodeOf(basicFixture.stories.home);
  const locale = await server.prisma.spaceLocale.findFirstOrThrow({ where: { spaceId, code: 'de' } });
  const key = await server.prisma.translatableKey.findFirstOrThrow({
    where: { storyId },
    select: { id: true, key: true },
  });
  // A run under way, with one key still waiting for the model (no worker takes it: nothing queued it).
  const batch = await server.prisma.translationBatch.create({
    data: {
      id: '0b7d5c1e-2f3a-4b6c-9d8e-7f6a5b4c3d2e',
      spaceId,
      spaceLocaleId: locale.id,
      scope: 'keys',
      status: 'running',
      total: 1,
      asks: { create: { translatableKeyId: key.id, spaceLocaleId: locale.id, status: 'pending' } },
    },
    select: { id: true },
  });
  // The first read of the webhook settings gives the space its secret; from then on it is a read.
  await owner.api.call('getWebhookSettings', { params: { id: spaceId } });
  return {
    spaceId,
    localeId: locale.id,
    storyId,
    folderId: await nodeOf(basicFixture.folders.blog),
    batchId: batch.id,
    storyblokSpaceId: basicFixture.spaceId,
    storyblokStoryId: basicFixture.stories.home,
    key: key.key,
    emailOf,
  };
}

/** Each request with its caller's session, unless it carries an authorization of its own. */
function signed(request: HostileRequest): HostileRequest {
  const token = tokens.get(request.caller);
  if (!token || 'authorization' in request.headers) return request;
  return { ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } };
}

const describeAnswer = (index: number) => {
  const request = corpus[index]!;
  const answer = answers[index]!;
  return `${request.route} ${request.label} as ${request.caller} (${request.method} ${request.path.slice(0, 120)}): ${answer.status} ${answer.text.slice(0, 200)}`;
};

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
  openai = await startFakeOpenAI({ seed: SEED });
  stripe = await startFakeStripe();
  dist = mkdtempSync(path.join(tmpdir(), 'polyblok-hostile-dist-'));
  for (const file of ['app/index.html', 'extension/index.html', 'plugin/index.js']) {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), '<!doctype html><title>front end</title>');
  }
  server = await startTestServer({
    env: {
      STORYBLOK_MAPI_URL: storyblok.mapiUrl,
      OPENAI_API_KEY: 'local-key',
      OPENAI_BASE_URL: openai.baseUrl,
      ...stripeEnv(stripe),
    },
    // A sign-up for a taken address e-mails it once per cooldown: one that outlasts the corpus sends one e-mail,
    // before the snapshot, and the corpus's own sign-ups for that address send nothing more.
    authSettings: { limits: roomyLimits, credentialLimits: roomyCredentialLimits, mailCooldownSeconds: 24 * 3600 },
    mountFrontEnds: (app) => serveBuiltFrontEnds(app, dist),
  });
  cases = hostileCases(await setUpSpace());
  corpus = buildCorpus(cases, endpoints, { seed: SEED, callers, bodyLimit });
  for (const frontEndPath of frontEndPaths) {
    corpus.push({
      method: 'GET',
      path: frontEndPath,
      headers: { accept: 'text/html' },
      label: 'front end',
      route: 'front ends',
      caller: 'anonymous',
    });
  }

  // The scheduled passes (a poll every ten minutes, the nightly sync) would change rows on their own if the
  // run crossed their minute: this database has none, so whatever changes was changed by a request.
  await server.prisma.$executeRawUnsafe('DELETE FROM pgboss.schedule');
  await fetch(`${server.baseUrl}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: emailOf('owner'), password: 'an unguessable passphrase' }),
  });
  // The e-mail is written after the answer: wait until it is there and sent before looking at the database.
  for (const deadline = Date.now() + 30_000; ;) {
    const mail = await server.prisma.emailMessage.findFirst({
      where: { to: emailOf('owner'), template: 'signup_existing', status: 'sent' },
      select: { id: true },
    });
    if (mail) break;
    if (Date.now() > deadline) throw new Error('the e-mail to the taken address was not sent');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await waitForIdleQueue(server.prisma);
  before = await snapshotDatabase(server.prisma, recordsOfFailures);
  answers = await sendAll(server.baseUrl, corpus.map(signed), CONNECTIONS);
  await waitForIdleQueue(server.prisma);
}, 240_000);

afterAll(async () => {
  await server?.close();
  await storyblok?.close();
  await openai?.close();
  await stripe?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

describe('the hostile corpus', () => {
  it('covers every route of the table, from every kind of caller, with over 3,000 requests', () => {
    const covered = new Set(corpus.map((request) => request.route.split(' ')[0]));
    expect(routeNames.filter((name) => !covered.has(name))).toEqual([]);
    expect(new Set(corpus.map((request) => request.caller))).toEqual(new Set(callers));
    expect(corpus.length).toBeGreaterThanOrEqual(3000);
  });

  it('is answered, and never with a 5xx', () => {
    const failures = answers.flatMap((answer, index) =>
      answer.status === 0 || answer.status >= 500 ? [describeAnswer(index)] : [],
    );
    expect(failures.slice(0, 30), `${failures.length} requests answered 5xx or not at all`).toEqual([]);
  });

  it('refuses with a code and a message: the product API’s shape under /api, GoTrue’s under /auth/v1', () => {
    const failures = answers.flatMap((answer, index) => {
      if (answer.status < 400 || answer.status >= 500) return [];
      const request = corpus[index]!;
      let body: unknown;
      try {
        body = JSON.parse(answer.text);
      } catch {
        body = answer.text;
      }
      const schema = request.path.startsWith(`${AUTH_BASE_PATH}/`)
        ? request.headers['x-supabase-api-version']
          ? authErrorSchema
          : legacyAuthErrorSchema
        : request.path.startsWith('/api/')
          ? errorResponseSchema
          : null;
      return schema && !schema.safeParse(body).success ? [describeAnswer(index)] : [];
    });
    expect(failures.slice(0, 30), `${failures.length} refusals without a code`).toEqual([]);
  });

  it('lets every member past the sign-in check with their session', () => {
    const signedOut = ['unauthorized', 'no_authorization', 'bad_jwt', 'session_not_found'];
    const publicRoutes = new Set(
      cases.filter((routeCase) => routeCase.public).map((routeCase) => routeCase.name ?? routeCase.route),
    );
    const failures = answers.flatMap((answer, index) => {
      const request = corpus[index]!;
      if (request.caller === 'anonymous' || 'authorization' in request.headers || publicRoutes.has(request.route)) {
        return [];
      }
      const code = /"(?:code|error_code)":"(\w+)"/.exec(answer.text)?.[1];
      return code && signedOut.includes(code) ? [describeAnswer(index)] : [];
    });
    expect(failures.slice(0, 30), `${failures.length} signed-in requests refused as signed out`).toEqual([]);
  });

  it('gets each case’s own request past sign-in and validation', () => {
    const seen = cases.map((routeCase) => {
      const name = routeCase.name ?? routeCase.route;
      const [caller] = routeCase.answer;
      const index = corpus.findIndex(
        (request) => request.route === name && request.label === 'base' && request.caller === caller,
      );
      return { name, answer: [caller, answers[index]!.status] };
    });
    expect(seen).toEqual(
      cases.map((routeCase) => ({ name: routeCase.name ?? routeCase.route, answer: routeCase.answer })),
    );
  });

  // Every table, none left out: no read changes a row here (the auth API's rate limits live in the process, the
  // product API's session check only reads), so any difference is a change some request made.
  it('changes nothing in the database', async () => {
    expect(await snapshotDatabase(server.prisma, recordsOfFailures)).toEqual(before);
  });

  it('pollutes no prototype of the server’s process', () => {
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('role');
  });
});
