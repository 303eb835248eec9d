import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { FakeStoryblokBehaviour } from './behaviour.ts';

/** An answer other than 2xx, thrown by state and routes and written by `sendFakeError`. */
export class FakeHttpError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(`HTTP ${status}: ${JSON.stringify(body)}`);
    this.status = status;
    this.body = body;
  }
}

export type ErrorKind = keyof FakeStoryblokBehaviour['errorBodies'];

const statusOfKind: Record<ErrorKind, number> = {
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  tooManyRequests: 429,
  serverError: 500,
};

export function httpError(behaviour: FakeStoryblokBehaviour, kind: ErrorKind, status?: number): FakeHttpError {
  return new FakeHttpError(status ?? statusOfKind[kind], behaviour.errorBodies[kind]);
}

/** Storyblok's validation shape: `{ field: ["message"] }` with 422. */
export function unprocessable(field: string, message: string): FakeHttpError {
  return new FakeHttpError(422, { [field]: [message] });
}

export function sendFakeError(res: Response, error: unknown): void {
  if (res.headersSent) return;
  if (error instanceof FakeHttpError) {
    res.status(error.status).json(error.body);
    return;
  }
  const status = (error as { status?: number; statusCode?: number }).status ?? 500;
  // Body-parser failures (bad JSON) come here with a 4xx status: Storyblok's "wrong format" answer.
  if (status >= 400 && status < 500) {
    res.status(400).json({ error: 'Bad Request' });
    return;
  }
  console.error('[fake storyblok] unexpected error', error);
  res.status(500).json({ error: 'Internal Server Error' });
}

/** Wraps a handler so thrown and rejected errors become Storyblok-shaped answers. */
export function handle(fn: (req: Request, res: Response) => unknown): RequestHandler {
  return (req: Request, res: Response, _next: NextFunction) => {
    try {
      const result = fn(req, res);
      if (result instanceof Promise) result.catch((error: unknown) => sendFakeError(res, error));
    } catch (error) {
      sendFakeError(res, error);
    }
  };
}

export function queryString(req: Request, name: string): string | undefined {
  const value = (req.query as Record<string, unknown>)[name];
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return undefined;
}

export function truthy(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

export function commaList(value: string | undefined): string[] {
  return value
    ? value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    : [];
}

export interface Page<T> {
  items: T[];
  total: number;
  perPage: number;
}

/** `page` from 1, `per_page` default 25 capped at `max`; past the last page is an empty list, not a 404. */
export function paginate<T>(req: Request, items: T[], max: number, defaultPerPage = 25): Page<T> {
  const requested = Number(queryString(req, 'per_page'));
  const perPage = Number.isInteger(requested) && requested > 0 ? Math.min(requested, max) : defaultPerPage;
  const pageNumber = Math.max(1, Number(queryString(req, 'page')) || 1);
  const start = (pageNumber - 1) * perPage;
  return { items: items.slice(start, start + perPage), total: items.length, perPage };
}

export function setPageHeaders(res: Response, page: { total: number; perPage: number }): void {
  res.setHeader('total', String(page.total));
  res.setHeader('per-page', String(page.perPage));
}

export function numericParam(value: string | string[] | undefined): number | null {
  const raw = Array.isArray(value) ? value.join('/') : value;
  return raw && /^\d+$/.test(raw) ? Number(raw) : null;
}
