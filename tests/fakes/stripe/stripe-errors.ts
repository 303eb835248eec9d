import type { ErrorRequestHandler, Response } from 'express';

/** Stripe's error envelope (https://docs.stripe.com/api/errors): the stripe package reads `error` into its errors. */
export class StripeHttpError extends Error {
  readonly status: number;
  readonly body: { error: { type: string; message: string; code?: string; param?: string } };

  constructor(status: number, error: { type: string; message: string; code?: string; param?: string }) {
    super(`HTTP ${status}: ${error.message}`);
    this.status = status;
    this.body = { error };
  }
}

export function resourceMissing(kind: string, id: string, param = 'id'): StripeHttpError {
  return new StripeHttpError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${kind}: '${id}'`,
  });
}

export function missingParam(param: string): StripeHttpError {
  return new StripeHttpError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    param,
    message: `Missing required param: ${param}.`,
  });
}

export function invalidParam(param: string, message: string): StripeHttpError {
  return new StripeHttpError(400, { type: 'invalid_request_error', code: 'parameter_invalid', param, message });
}

export function invalidApiKey(): StripeHttpError {
  return new StripeHttpError(401, {
    type: 'invalid_request_error',
    message: 'Invalid API Key provided. You can find your API keys in the Dashboard.',
  });
}

export function sendStripeError(res: Response, error: StripeHttpError): void {
  res
    .status(error.status)
    .set('request-id', `req_${Date.now().toString(36)}`)
    .json(error.body);
}

export const stripeErrorHandler: ErrorRequestHandler = (error, _req, res, _next) => {
  if (error instanceof StripeHttpError) return sendStripeError(res, error);
  console.error('[fake stripe] unexpected error', error);
  sendStripeError(res, new StripeHttpError(500, { type: 'api_error', message: 'An unknown error occurred' }));
};
