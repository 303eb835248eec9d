import { setTimeout as sleep } from 'node:timers/promises';
import express, { Router, type Request } from 'express';
import { parseChatBody, translationRequestOf, type ChatBody } from './chat-request.ts';
import { assistantTurn, chatCompletion, promptTokens } from './completion.ts';
import type { FakeFailure } from './failures.ts';
import {
  billingHardLimitReached,
  billingNotActive,
  contextLengthExceeded,
  incorrectApiKey,
  missingApiKey,
  modelNotFound,
  OpenAIHttpError,
  quotaExceeded,
  rateLimited,
  rateLimitHeaders,
  requestId,
  sendOpenAIError,
  serverError,
  unparsableBody,
} from './openai-errors.ts';
import type { FakeOpenAIRequest, FakeOpenAIState } from './state.ts';

/** Throws OpenAI's 401 unless the request carries an accepted `Authorization: Bearer <key>`. */
export function checkApiKey(state: FakeOpenAIState, req: Request): void {
  const header = req.get('authorization') ?? '';
  const key = /^Bearer\s+(.*)$/i.exec(header)?.[1]?.trim() ?? '';
  if (!key) throw missingApiKey();
  if (state.apiKey !== undefined && key !== state.apiKey) throw incorrectApiKey(key);
}

function parseJson(raw: unknown): unknown {
  if (typeof raw !== 'string') throw unparsableBody();
  try {
    return JSON.parse(raw);
  } catch {
    throw unparsableBody();
  }
}

/** The failures that replace the whole answer with an HTTP error. */
function failureError(failure: FakeFailure, chat: ChatBody): OpenAIHttpError | null {
  switch (failure.kind) {
    case 'rate_limit':
      return rateLimited(chat.model, failure.limit, failure.retryAfterSeconds);
    case 'quota_exceeded':
      return quotaExceeded();
    case 'billing_hard_limit':
      return billingHardLimitReached();
    case 'billing_not_active':
      return billingNotActive();
    case 'invalid_api_key':
      return incorrectApiKey('sk-polyblok-revoked-key');
    case 'model_not_found':
      return modelNotFound(chat.model);
    case 'server_error':
      return serverError(failure.status);
    case 'context_length':
      return contextLengthExceeded(promptTokens(chat));
    default:
      return null;
  }
}

function logEntry(req: Request): FakeOpenAIRequest {
  const body: unknown = req.body;
  let parsed: unknown = body;
  try {
    parsed = typeof body === 'string' ? JSON.parse(body) : null;
  } catch {
    // Kept raw: the log shows what a broken client sent.
  }
  return {
    receivedAt: new Date().toISOString(),
    retryCount: Number(req.get('x-stainless-retry-count') ?? 0) || 0,
    status: 0,
    outcome: 'pending',
    model: null,
    body: parsed,
    translationRequest: null,
  };
}

/** The completion to send, or null when the connection was dropped on purpose; errors are thrown. */
async function answer(state: FakeOpenAIState, req: Request, entry: FakeOpenAIRequest): Promise<object | null> {
  const { traffic } = state.failures;
  if (traffic.latencyMs > 0) await sleep(traffic.latencyMs, undefined, { signal: state.closing });
  try {
    checkApiKey(state, req);
  } catch (error) {
    entry.outcome = 'unauthorized';
    throw error;
  }
  entry.outcome = 'invalid_request';
  const chat = parseChatBody(parseJson(req.body));
  entry.model = chat.model;
  entry.translationRequest = translationRequestOf(chat);
  if (state.model !== undefined && chat.model !== state.model) {
    entry.outcome = 'model_not_found';
    throw modelNotFound(chat.model);
  }
  const rolled = state.failures.queue.length === 0;
  const failure = state.failures.next();
  entry.outcome = failure ? (rolled ? 'fail_rate' : failure.kind) : 'ok';
  if (failure?.kind === 'disconnect') {
    req.socket.destroy();
    return null;
  }
  if (failure?.kind === 'slow') await sleep(failure.ms, undefined, { signal: state.closing });
  const error = failure && failureError(failure, chat);
  if (error) throw error;
  return chatCompletion(chat, assistantTurn(chat, entry.translationRequest, failure));
}

export function chatRouter(state: FakeOpenAIState): Router {
  const router = Router();
  // Read as text so that a body which is not JSON still reaches the log and gets OpenAI's own 400.
  router.post('/chat/completions', express.text({ type: () => true, limit: '50mb' }), async (req, res) => {
    const entry = logEntry(req);
    state.requests.push(entry);
    const started = Date.now();
    res.set({
      'x-request-id': requestId(),
      'openai-version': '2020-10-01',
      'openai-organization': 'org-polyblok-local',
    });
    const processed = () => res.set('openai-processing-ms', String(Date.now() - started));
    try {
      const completion = await answer(state, req, entry);
      if (!completion || res.destroyed) return;
      entry.status = 200;
      processed().status(200).set(rateLimitHeaders()).json(completion);
    } catch (error) {
      if (state.closing.aborted || res.destroyed) return;
      if (!(error instanceof OpenAIHttpError)) throw error;
      entry.status = error.status;
      sendOpenAIError(processed(), error);
    }
  });
  return router;
}
