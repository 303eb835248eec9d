import OpenAI from 'openai';
import { AppError } from '../../errors.ts';

/** Why the model did not translate, by what a person can do about it. */
export type AiFailureKind =
  'out_of_credit' | 'billing_limit' | 'invalid_key' | 'unknown_model' | 'rate_limited' | 'unreachable' | 'refused';

/**
 * The model did not answer a translation. The message names the cause and what to do, and is shown as it is
 * (the AI button's answer, a failed ask, a folder run). Credit, billing, the key and the model must be fixed by
 * whoever runs Polyblok, so retrying cannot help and background work stops at once; a rate limit or an outage
 * may pass, so it is retried.
 */
export class AiUnavailableError extends AppError<'ai_unavailable'> {
  readonly kind: AiFailureKind;

  constructor(kind: AiFailureKind, message: string, options?: { cause?: unknown }) {
    super('ai_unavailable', message);
    this.name = 'AiUnavailableError';
    this.kind = kind;
    if (options?.cause !== undefined) this.cause = options.cause;
  }

  override get retryable(): boolean {
    return this.kind === 'rate_limited' || this.kind === 'unreachable';
  }
}

const stopped = 'AI translation is stopped until then: trying again cannot help.';

/** OpenAI's answer as its documentation lists it: status, `error.type` and `error.code`. */
export function toAiUnavailable(error: unknown, model: string): AiUnavailableError {
  if (!(error instanceof OpenAI.APIError) || error.status === undefined) {
    // No answer at all: refused connection, timeout, dropped socket.
    return new AiUnavailableError(
      'unreachable',
      'The AI model could not be reached. Please try again in a few minutes.',
      { cause: error },
    );
  }
  const code = typeof error.code === 'string' ? error.code : null;
  const type = typeof error.type === 'string' ? error.type : null;
  if (code === 'insufficient_quota' || type === 'insufficient_quota') {
    return new AiUnavailableError(
      'out_of_credit',
      `The AI model's account has run out of credit (insufficient_quota). Whoever runs this Polyblok must add credit or check the plan and billing at the model provider. ${stopped}`,
      { cause: error },
    );
  }
  if (code === 'billing_hard_limit_reached' || code === 'billing_not_active') {
    return new AiUnavailableError(
      'billing_limit',
      `The AI model's account has reached its billing limit or is not active (${code}). Whoever runs this Polyblok must raise the limit or check the billing at the model provider. ${stopped}`,
      { cause: error },
    );
  }
  if (error.status === 401 || code === 'invalid_api_key') {
    return new AiUnavailableError(
      'invalid_key',
      `The model provider refused Polyblok's API key (${code ?? error.status}). Whoever runs this Polyblok must set a valid OPENAI_API_KEY and restart it. ${stopped}`,
      { cause: error },
    );
  }
  if (code === 'model_not_found' || (error.status === 404 && type === 'invalid_request_error')) {
    return new AiUnavailableError(
      'unknown_model',
      `The AI model "${model}" does not exist, or Polyblok's API key may not use it (model_not_found). Whoever runs this Polyblok must set OPENAI_MODEL to a model the key can use. ${stopped}`,
      { cause: error },
    );
  }
  if (error.status === 429) {
    return new AiUnavailableError(
      'rate_limited',
      'The AI model is busy right now (its rate limit was reached). Please try again in a minute.',
      { cause: error },
    );
  }
  if (error.status >= 500 || error.status === 408 || error.status === 409) {
    return new AiUnavailableError(
      'unreachable',
      `The AI model could not answer (${error.status}). Please try again in a few minutes.`,
      { cause: error },
    );
  }
  return new AiUnavailableError(
    'refused',
    `The AI model refused the request (${code ?? error.status}): ${error.error && typeof error.error === 'object' && 'message' in error.error ? String(error.error.message) : error.message}`,
    { cause: error },
  );
}
