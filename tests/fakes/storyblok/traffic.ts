import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { FakeStoryblokBehaviour } from './behaviour.ts';
import { createRandom } from './random.ts';
import type { FakeStoryblokState } from './state.ts';

/** Knobs a test may turn while the server runs (`handle.traffic`). */
export interface TrafficSettings {
  /** Requests per second per token (a token bucket holding one second's worth); 0 or undefined: unlimited. */
  rate: number | undefined;
  latencyMs: number;
  /** Share (0..1) of API requests answered with a 5xx. */
  failRate: number;
  failStatuses: number[];
  /** API paths answered with a refusal, as a token whose role may not use them gets (403) or where none are (404). */
  refusedPaths: Array<{ path: RegExp; status: 403 | 404 }>;
}

/** Token bucket per key: `rate` tokens a second, holding at most `rate`, so a burst of one second passes. */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  /** Seconds to wait before the next request of this key would pass, or 0 when it passes now. */
  take(key: string, rate: number, now = Date.now()): number {
    const bucket = this.buckets.get(key) ?? { tokens: rate, at: now };
    bucket.tokens = Math.min(rate, bucket.tokens + ((now - bucket.at) / 1000) * rate);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return (1 - bucket.tokens) / rate;
  }

  reset(): void {
    this.buckets.clear();
  }
}

export function requestLog(state: FakeStoryblokState): RequestHandler {
  return (req, res, next) => {
    const started = Date.now();
    res.on('finish', () => {
      const [pathname = '', query = ''] = req.originalUrl.split('?');
      state.logRequest({
        method: req.method,
        path: pathname,
        query,
        status: res.statusCode,
        time: new Date(started).toISOString(),
        durationMs: Date.now() - started,
      });
    });
    next();
  };
}

/** Storyblok's APIs answer browsers from any origin; the app's front ends may call the CDN directly. */
export function cors(): RequestHandler {
  return (req, res, next) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Expose-Headers', 'total, per-page, retry-after');
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
      res.setHeader('Access-Control-Allow-Headers', req.get('access-control-request-headers') ?? '*');
      res.status(204).end();
      return;
    }
    next();
  };
}

/** The key a request is counted under: its MAPI token, its CDN token, or the caller's address. */
function rateKey(req: Request): string {
  const auth = req.get('authorization');
  if (auth) return `auth:${auth}`;
  const token = req.query.token;
  if (typeof token === 'string') return `cdn:${token}`;
  return `ip:${req.socket.remoteAddress ?? ''}`;
}

/**
 * Latency, then the rate limit, then refused paths and injected faults: a throttled request never reaches the fault dice. No
 * `X-RateLimit-*` headers are sent: whether the MAPI sends them is [UNCONFIRMED], and storyblok-js-client would
 * adopt their `q=` as its own ceiling, hiding the 429s a test wants to provoke.
 */
export function trafficControl(
  settings: TrafficSettings,
  behaviour: FakeStoryblokBehaviour,
  limiter: RateLimiter,
  seed: string | number,
): RequestHandler {
  const random = createRandom(seed);
  return (req: Request, res: Response, next: NextFunction) => {
    const proceed = () => {
      if (settings.rate && settings.rate > 0) {
        const wait = limiter.take(rateKey(req), settings.rate);
        if (wait > 0) {
          if (behaviour.retryAfterHeader) res.setHeader('Retry-After', String(Math.max(1, Math.ceil(wait))));
          res.status(429).json(
            behaviour.errorBodies.tooManyRequests ?? {
              error: `Rate limit of ${settings.rate} request per second reached. Retry later.`,
            },
          );
          return;
        }
      }
      const refusal = settings.refusedPaths.find((rule) => rule.path.test(req.path));
      if (refusal) {
        const body = refusal.status === 403 ? behaviour.errorBodies.forbidden : behaviour.errorBodies.notFound;
        res.status(refusal.status).json(body);
        return;
      }
      if (settings.failRate > 0 && random.next() < settings.failRate) {
        const statuses = settings.failStatuses.length ? settings.failStatuses : [500];
        res
          .status(statuses[Math.floor(random.next() * statuses.length)] ?? 500)
          .json(behaviour.errorBodies.serverError);
        return;
      }
      next();
    };
    if (settings.latencyMs > 0) setTimeout(proceed, settings.latencyMs);
    else proceed();
  };
}
