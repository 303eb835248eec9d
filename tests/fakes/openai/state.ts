import type { TranslationRequest } from '#server/adapters/openai/translation-prompt.ts';
import type { FailureControl } from './failures.ts';

/** One `POST /v1/chat/completions` as received, with how the stand-in answered it. */
export interface FakeOpenAIRequest {
  receivedAt: string;
  /** The SDK's `x-stainless-retry-count` (0 on a first attempt or from other clients): tells retries apart. */
  retryCount: number;
  /** The status answered; 0 while pending or when the connection was dropped on purpose. */
  status: number;
  /** `ok`, the failure kind played, `fail_rate`, `unauthorized`, `invalid_request` or `model_not_found`. */
  outcome: string;
  model: string | null;
  /** The parsed JSON body, or the raw text when it was not JSON. */
  body: unknown;
  /** The product's request carried in the last user message; null for any other prompt. */
  translationRequest: TranslationRequest | null;
}

export interface FakeOpenAIState {
  requests: FakeOpenAIRequest[];
  failures: FailureControl;
  /** When set, only this key is accepted; otherwise any non-empty key. */
  apiKey?: string;
  /** When set, only this model is served (404 model_not_found otherwise); otherwise any model name. */
  model?: string;
  /** Aborted on close, so requests sleeping out a latency stop instead of writing to closed sockets. */
  closing: AbortSignal;
}

export const defaultModel = 'gpt-4o-mini';
