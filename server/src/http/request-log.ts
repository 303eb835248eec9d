import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { loggableUrl, type Logger } from '../logger.ts';

/** One line per request, written when the answer is finished; bodies and credentials are never logged. */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const id = randomUUID();
    res.locals.requestId = id;
    res.setHeader('X-Request-Id', id);
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const level = res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info';
      logger[level](
        {
          reqId: id,
          method: req.method,
          url: loggableUrl(req.originalUrl),
          status: res.statusCode,
          ms: Math.round(ms),
        },
        'request',
      );
    });
    next();
  };
}
