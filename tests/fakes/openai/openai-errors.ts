import { randomBytes } from 'node:crypto';
import type { Response } from 'express';

/** OpenAI's error envelope; the SDK reads `error` into `APIError.error`, `.code`, `.param` and `.type`. */
export interface OpenAIErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

export class OpenAIHttpError extends Error {
  readonly status: number;
  readonly body: OpenAIErrorBody;
  readonly headers: Record<string, string>;

  constructor(status: number, error: OpenAIErrorBody['error'], headers: Record<string, string> = {}) {
    super(`HTTP ${status}: ${error.message}`);
    this.status = status;
    this.body = { error };
    this.headers = headers;
  }
}

export function invalidRequest(message: string, param: string | null = null, code: string | null = null) {
  return new OpenAIHttpError(400, { message, type: 'invalid_request_error', param, code });
}

export function missingApiKey(): OpenAIHttpError {
  return new OpenAIHttpError(401, {
    message:
      "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY), or as the password field (i.e. Authorization: Basic YOUR_KEY) when using HTTPS. You can obtain an API key from https://platform.openai.com/account/api-keys.",
    type: 'invalid_request_error',
    param: null,
    code: 'invalid_api_key',
  });
}

export function incorrectApiKey(key: string): OpenAIHttpError {
  const masked = key.length > 8 ? `${key.slice(0, 3)}${'*'.repeat(key.length - 7)}${key.slice(-4)}` : '****';
  return new OpenAIHttpError(401, {
    message: `Incorrect API key provided: ${masked}. You can find your API key at https://platform.openai.com/account/api-keys.`,
    type: 'invalid_request_error',
    param: null,
    code: 'invalid_api_key',
  });
}

export function modelNotFound(model: string): OpenAIHttpError {
  return new OpenAIHttpError(404, {
    message: `The model \`${model}\` does not exist or you do not have access to it.`,
    type: 'invalid_request_error',
    param: null,
    code: 'model_not_found',
  });
}

export function invalidUrl(method: string, path: string): OpenAIHttpError {
  return new OpenAIHttpError(404, {
    message: `Invalid URL (${method} ${path})`,
    type: 'invalid_request_error',
    param: null,
    code: null,
  });
}

export function unparsableBody(): OpenAIHttpError {
  return invalidRequest(
    "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON. If you have trouble figuring out how to fix this, please contact us through our help center at help.openai.com.)",
  );
}

/** The x-ratelimit-* headers OpenAI sends with every completion; exhausted ones on a 429. */
export function rateLimitHeaders(exhausted?: { limit: 'requests' | 'tokens'; resetSeconds: number }) {
  const reset = exhausted ? `${exhausted.resetSeconds}s` : '6ms';
  return {
    'x-ratelimit-limit-requests': '10000',
    'x-ratelimit-limit-tokens': '30000000',
    'x-ratelimit-remaining-requests': exhausted?.limit === 'requests' ? '0' : '9999',
    'x-ratelimit-remaining-tokens': exhausted?.limit === 'tokens' ? '0' : '29999000',
    'x-ratelimit-reset-requests': exhausted?.limit === 'requests' ? reset : '6ms',
    'x-ratelimit-reset-tokens': exhausted?.limit === 'tokens' ? reset : '2ms',
  };
}

export function rateLimited(model: string, limit: 'requests' | 'tokens', retryAfterSeconds: number): OpenAIHttpError {
  const what =
    limit === 'requests'
      ? 'requests per min (RPM): Limit 10000, Used 10000, Requested 1'
      : 'tokens per min (TPM): Limit 30000000, Used 30000000, Requested 1200';
  return new OpenAIHttpError(
    429,
    {
      message: `Rate limit reached for ${model} in organization org-polyblok-local on ${what}. Please try again in ${retryAfterSeconds}s. Visit https://platform.openai.com/account/rate-limits to learn more.`,
      type: limit,
      param: null,
      code: 'rate_limit_exceeded',
    },
    { 'retry-after': String(retryAfterSeconds), ...rateLimitHeaders({ limit, resetSeconds: retryAfterSeconds }) },
  );
}

/** Unlike a rate limit this does not pass: the product must stop, not retry (reference/quality.md B3). */
export function quotaExceeded(): OpenAIHttpError {
  return new OpenAIHttpError(429, {
    message:
      'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
    type: 'insufficient_quota',
    param: null,
    code: 'insufficient_quota',
  });
}

export function billingHardLimitReached(): OpenAIHttpError {
  return invalidRequest('Billing hard limit has been reached', null, 'billing_hard_limit_reached');
}

export function billingNotActive(): OpenAIHttpError {
  return new OpenAIHttpError(429, {
    message: 'Your account is not active, please check your billing details on our website.',
    type: 'billing_not_active',
    param: null,
    code: 'billing_not_active',
  });
}

const serverMessages: Record<number, string> = {
  500: 'The server had an error while processing your request. Sorry about that!',
  502: 'Bad gateway.',
  503: 'The engine is currently overloaded, please try again later.',
};

export function serverError(status: number): OpenAIHttpError {
  return new OpenAIHttpError(status, {
    message: serverMessages[status] ?? 'The server had an error while processing your request. Sorry about that!',
    type: 'server_error',
    param: null,
    code: null,
  });
}

export function contextLengthExceeded(promptTokens: number): OpenAIHttpError {
  return invalidRequest(
    `This model's maximum context length is 128000 tokens. However, your messages resulted in ${Math.max(promptTokens, 128001)} tokens. Please reduce the length of the messages.`,
    'messages',
    'context_length_exceeded',
  );
}

export function requestId(): string {
  return `req_${randomBytes(16).toString('hex')}`;
}

export function sendOpenAIError(res: Response, error: OpenAIHttpError): void {
  if (res.headersSent) return;
  res.status(error.status).set(error.headers).json(error.body);
}
