import type { AddressInfo } from 'node:net';
import express, { Router, type ErrorRequestHandler, type Express } from 'express';
import type { OAuthClient } from './auth-registry.ts';
import { resolveBehaviour, type FakeStoryblokBehaviour } from './behaviour.ts';
import { cdnRouter } from './cdn.routes.ts';
import { fakeAdminRouter } from './fake-admin.routes.ts';
import { createFakeHandle, type FakeStoryblok } from './fake-handle.ts';
import { sendFakeError } from './http-kit.ts';
import { requireMapiToken, type FakeContext } from './mapi-auth.ts';
import { mapiSpacesRouter } from './mapi-spaces.routes.ts';
import { mapiStoriesRouter } from './mapi-stories.routes.ts';
import { mapiDatasourcesRouter } from './mapi-datasources.routes.ts';
import { normalizeData } from './normalize-data.ts';
import { oauthRouter, spaceInfoHandler } from './oauth.routes.ts';
import { readDataDir } from './read-data-dir.ts';
import { FakeStoryblokState } from './state.ts';
import { cors, RateLimiter, requestLog, trafficControl, type TrafficSettings } from './traffic.ts';
import { regions, type OAuthIdentity, type RawFakeData, type Region } from './types.ts';
import { WebhookDispatcher, type WebhookEndpoint } from './webhooks.ts';

export interface FakeStoryblokOptions {
  /** A data directory (see README.md in this folder); or `data`, the same content in memory. */
  dataDir?: string;
  data?: RawFakeData;
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Requests per second per token on `/v1` and `/v2`; unlimited when unset. */
  rate?: number;
  latencyMs?: number;
  /** Share (0..1) of `/v1` and `/v2` requests answered with a 5xx. */
  failRate?: number;
  /** The 5xx statuses fail-rate picks from (default 500, 502, 503). */
  failStatuses?: number[];
  /** Seed of the fault dice, so a fail-rate run repeats. */
  seed?: string | number;
  /** Play one region's host: only spaces of that region exist on the unprefixed routes. */
  region?: Region;
  behaviour?: Partial<FakeStoryblokBehaviour>;
  /** Registered OAuth apps; with none, any client id and secret are accepted. */
  oauthClients?: OAuthClient[];
  /** Who authorizes at `/oauth/authorize` unless its query says otherwise (default: first space, user 1, admin). */
  oauthIdentity?: Partial<OAuthIdentity>;
  /** Extra personal access tokens: token → space ids. */
  tokens?: Record<string, number[]>;
  webhooks?: WebhookEndpoint[];
}

function apiRouter(ctx: FakeContext, traffic: ReturnType<typeof trafficControl>): Router {
  const mapi = Router();
  mapi.use(express.json({ limit: '50mb' }));
  mapi.get('/oauth/space_info', spaceInfoHandler(ctx));
  mapi.use(requireMapiToken(ctx));
  mapi.use(mapiSpacesRouter(ctx));
  mapi.use(mapiStoriesRouter(ctx));
  mapi.use(mapiDatasourcesRouter(ctx));

  const api = Router();
  api.use('/v1', traffic, mapi);
  api.use('/v2/cdn', traffic, cdnRouter(ctx));
  api.use('/oauth', oauthRouter(ctx));
  return api;
}

export function createFakeApp(
  state: FakeStoryblokState,
  traffic: TrafficSettings,
  options: { region?: Region; seed?: string | number },
): { app: Express; limiter: RateLimiter; webhooks: WebhookDispatcher } {
  const behaviour = state.behaviour;
  const limiter = new RateLimiter();
  const webhooks = new WebhookDispatcher();
  state.onStoryEvent((event) => webhooks.dispatch(event));
  state.onDatasourceEvent((event) => webhooks.dispatchDatasource(event));
  const control = trafficControl(traffic, behaviour, limiter, options.seed ?? 'fake-storyblok');

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // Storyblok takes nested params such as filter_query[field][in]=a,b.
  app.set('query parser', 'extended');
  app.use(cors());
  // Mounted before the request log so the log holds only what the product asked of "Storyblok".
  app.use('/__fake', fakeAdminRouter({ state, behaviour, region: options.region }, traffic, limiter, webhooks));
  app.use(requestLog(state));
  for (const region of regions) app.use(`/${region}`, apiRouter({ state, behaviour, region }, control));
  app.use(apiRouter({ state, behaviour, region: options.region }, control));
  app.use((_req, res) => {
    res.status(404).json(behaviour.errorBodies.notFound);
  });
  const onError: ErrorRequestHandler = (error, _req, res, _next) => sendFakeError(res, error);
  app.use(onError);
  return { app, limiter, webhooks };
}

export async function startFakeStoryblok(options: FakeStoryblokOptions): Promise<FakeStoryblok> {
  if (!options.data && !options.dataDir) throw new Error('startFakeStoryblok needs dataDir or data');
  const raw = options.data ?? (await readDataDir(options.dataDir as string));
  const normalized = normalizeData(raw);
  for (const [token, spaceIds] of Object.entries(options.tokens ?? {})) normalized.patSpaces.set(token, spaceIds);
  const behaviour = resolveBehaviour(options.behaviour);
  const state = new FakeStoryblokState(normalized, behaviour, options.oauthClients, options.oauthIdentity);
  const traffic: TrafficSettings = {
    rate: options.rate,
    latencyMs: options.latencyMs ?? 0,
    failRate: options.failRate ?? 0,
    failStatuses: options.failStatuses ?? [500, 502, 503],
    refusedPaths: [],
  };
  const { app, limiter, webhooks } = createFakeApp(state, traffic, options);
  webhooks.endpoints.push(...(options.webhooks ?? []));

  const host = options.host ?? '127.0.0.1';
  const server = app.listen(options.port ?? 0, host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      // Keep-alive sockets of fetch clients would hold close() open.
      server.closeAllConnections();
    });
  return createFakeHandle({ baseUrl: `http://${host}:${port}`, state, traffic, limiter, webhooks, close });
}
