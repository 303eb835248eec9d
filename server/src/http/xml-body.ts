import express, { type RequestHandler } from 'express';
import { AppError } from '../errors.ts';
import type { InputDialect } from './input-dialect.ts';
import { bodyProblemOf } from './json-body.ts';

const xmlTypes = ['application/xliff+xml', 'application/xml', 'text/xml'];

/**
 * An XML document as the body, read as text for a parser of the route's own: only XML media types (a form post
 * cannot send one without a preflight), within the limit once inflated, refused in the mount's dialect otherwise.
 */
export function xmlBody(limit: string, dialect: InputDialect): RequestHandler[] {
  const parseText = express.text({ type: xmlTypes, limit, defaultCharset: 'utf-8' });
  const parse: RequestHandler = (req, res, next) => {
    parseText(req, res, (error?: unknown) => {
      if (error === undefined) return next();
      const problem = bodyProblemOf(error);
      next(problem ? dialect.refuseBody(problem) : error);
    });
  };
  const requireXml: RequestHandler = (req, _res, next) => {
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    const refused = new AppError(
      'unsupported_media_type',
      'Send the XLIFF file itself as the request body (Content-Type: application/xliff+xml).',
    );
    next(hasBody && !req.is(xmlTypes) ? refused : undefined);
  };
  return [parse, requireXml];
}
