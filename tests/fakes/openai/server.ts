import type { AddressInfo } from 'node:net';
import express, { Router, type ErrorRequestHandler } from 'express';
import { checkApiKey, chatRouter } from './chat.routes.ts';
import { fakeAdminRouter } from './fake-admin.routes.ts';
import { FailureControl, type FakeFailure, type FakeFailureInput, type TrafficSettings } from './failures.ts';
import {
  invalidRequest,
  invalidUrl,
  modelNotFound,
  OpenAIHttpError,
  requestId,
  sendOpenAIError,
  serverError,
} from './openai-errors.ts';
import { defaultModel, type FakeOpenAIRequest, type FakeOpenAIState } from './state.ts';

export interface FakeOpenAIOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Delay before every chat answer, errors included. */
  latencyMs?: number;
  /** Share (0..1) of chat requests answered 500 or 503. */
  failRate?: number;
  /** Seed of the fail-rate dice, so a run repeats. */
  seed?: string | number;
  /** Only this key is accepted; by default any non-empty key. */
  apiKey?: string;
  /** Only this model is served and listed; by default any model name is served and `gpt-4o-mini` listed. */
  model?: string;
}

export interface FakeOpenAI {
  /** `http://127.0.0.1:<port>/v1`: the SDK's `baseURL`, what `OPENAI_BASE_URL` takes. */
  baseUrl: string;
  /** `http://127.0.0.1:<port>`: where `/__fake` lives. */
  origin: string;
  model: string;
  /** Live knobs: change `latencyMs` and `failRate` between requests. */
  traffic: TrafficSettings;
  requests(): FakeOpenAIRequest[];
  clearRequests(): void;
  /** Appends to the queue of failures the next chat requests play, in order. */
  queueFailures(list: FakeFailureInput[]): void;
  clearFailures(): void;
  pendingFailures(): FakeFailure[];
  close(): Promise<void>;
}

function modelsRouter(state: FakeOpenAIState): Router {
  const router = Router();
  const card = (id: string) => ({ id, object: 'model', created: 1721172741, owned_by: 'system' });
  router.use((req, _res, next) => {
    checkApiKey(state, req);
    next();
  });
  router.get('/models', (_req, res) => {
    res.json({ object: 'list', data: [card(state.model ?? defaultModel)] });
  });
  router.get('/models/:id', (req, res) => {
    const id = String(req.params.id);
    if (state.model !== undefined && id !== state.model) throw modelNotFound(id);
    res.json(card(id));
  });
  return router;
}

export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const traffic: TrafficSettings = { latencyMs: options.latencyMs ?? 0, failRate: options.failRate ?? 0 };
  const closing = new AbortController();
  const state: FakeOpenAIState = {
    requests: [],
    failures: new FailureControl(traffic, options.seed ?? 'fake-openai'),
    apiKey: options.apiKey,
    model: options.model,
    closing: closing.signal,
  };

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use('/__fake', fakeAdminRouter(state));
  app.use('/v1', chatRouter(state), modelsRouter(state));
  app.use((req, res) => {
    sendOpenAIError(res.set('x-request-id', requestId()), invalidUrl(req.method, req.path));
  });
  const onError: ErrorRequestHandler = (error, _req, res, _next) => {
    if (error instanceof OpenAIHttpError) return sendOpenAIError(res, error);
    const status = (error as { status?: number }).status ?? 500;
    if (status === 413)
      return sendOpenAIError(res, invalidRequest('Request body too large.', null, 'request_too_large'));
    console.error('[fake openai] unexpected error', error);
    sendOpenAIError(res, serverError(500));
  };
  app.use(onError);

  const host = options.host ?? '127.0.0.1';
  const server = app.listen(options.port ?? 0, host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host}:${port}`;
  return {
    baseUrl: `${origin}/v1`,
    origin,
    model: options.model ?? defaultModel,
    traffic,
    requests: () => structuredClone(state.requests),
    clearRequests: () => {
      state.requests.length = 0;
    },
    queueFailures: (list) => state.failures.enqueue(list),
    clearFailures: () => state.failures.clear(),
    pendingFailures: () => structuredClone(state.failures.queue),
    close: () =>
      new Promise<void>((resolve, reject) => {
        closing.abort();
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets of the SDK's fetch would hold close() open.
        server.closeAllConnections();
      }),
  };
}
