import type { RequestHandler } from 'express';
import type { ErrorDetail } from '#contract/errors.ts';
import type { InputDialect } from './input-dialect.ts';

/**
 * Where a request's address does not decode: a `%` not followed by two hex digits, or escapes that are not
 * UTF-8 (`%C0%AF`, an overlong "/"). Express would fail on it deep in routing or in the static files; here it
 * is found once, before anything reads the path or the query.
 */
export function malformedUrlPart(url: string): ErrorDetail | null {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? '' : url.slice(queryStart + 1);
  if (!decodes(path)) return { path: 'params', message: 'The path has a malformed percent-encoding' };
  if (!decodes(query)) return { path: 'query', message: 'The query string has a malformed percent-encoding' };
  return null;
}

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/** Refuses a request whose address does not decode, in the mount's dialect (the product API's, GoTrue's). */
export function refuseMalformedUrl(dialect: InputDialect): RequestHandler {
  return (req, _res, next) => {
    const problem = malformedUrlPart(req.originalUrl);
    next(problem ? dialect.refuseUrl(problem) : undefined);
  };
}
