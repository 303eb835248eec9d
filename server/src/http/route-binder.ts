import express, { type Request, type Response, type Router } from 'express';
import type { z } from 'zod';
import type { Endpoint, EndpointResponse } from '#contract/endpoint.ts';
import type { ErrorDetail } from '#contract/errors.ts';
import type { Database } from '../db/prisma.ts';
import { AppError } from '../errors.ts';
import type { Authenticate, AuthInfo } from './auth-info.ts';
import { findUnsafeInput } from './input-safety.ts';
import { requireInvitation, requireMember, type SpaceMember } from './space-access.ts';

/** Who may call a route: anyone, or a signed-in user (the default, so a new endpoint cannot forget it). */
export type RouteAuth = 'public' | 'signed-in';

export type HandlerInput<E extends Endpoint, A = AuthInfo> =
  E extends Endpoint<infer P, infer Q, infer B, z.ZodType>
    ? {
        params: z.output<P>;
        query: z.output<Q>;
        body: z.output<B>;
        auth: A;
        /** Set when the route checks a space: the caller's membership of the space the route acts on. */
        member: SpaceMember | null;
        req: Request;
        res: Response;
      }
    : never;

export type Handler<E extends Endpoint, A = AuthInfo> = (
  input: HandlerInput<E, A>,
) => Promise<EndpointResponse<E>> | EndpointResponse<E>;

/** The validated input of an endpoint, as the space lookup receives it. */
export type RouteInput<E extends Endpoint> =
  E extends Endpoint<infer P, infer Q, infer B, z.ZodType>
    ? { params: z.output<P>; query: z.output<Q>; body: z.output<B> }
    : never;

export interface RouteOptions<E extends Endpoint = Endpoint> {
  /** 'signed-in' unless said otherwise: the handler gets `auth` ({ userId, sessionId, aal }). */
  auth?: RouteAuth;
  /** Largest JSON body accepted; most routes take small bodies, sync and webhook paths take whole stories. */
  bodyLimit?: string;
  /** Status from the answer, for endpoints whose status depends on it (health answers 503 when down). */
  statusOf?: (output: unknown) => number;
  /**
   * Which space the request acts on, from its validated input (a path id, a story's or a locale's space).
   * Required when the endpoint declares a role; null when the input names nothing that exists (answers 404).
   */
  space?: (input: RouteInput<E>) => number | null | Promise<number | null>;
  /**
   * For the routes that answer an invitation (accept, decline): instead of a joined membership with a role,
   * the caller must hold their own `invited` membership of the space. Needs `space`; the endpoint has no role.
   */
  spaceAccess?: 'own-invitation';
}

/** What a handler receives as `auth`: null on public routes. */
export type AuthOf<O extends { auth?: RouteAuth }> = O['auth'] extends 'public' ? null : AuthInfo;

export const DEFAULT_BODY_LIMIT = '100kb';

export interface BinderOptions {
  /** Check every answer against the contract (on in tests): a mismatch fails loudly instead of reaching a client. */
  validateResponses: boolean;
  /** The bearer check of signed-in routes. */
  authenticate: Authenticate;
  /** Where memberships are read for the space check. */
  prisma: Database;
}

export type BindRoute = <E extends Endpoint, O extends RouteOptions<E> = RouteOptions<E>>(
  router: Router,
  endpoint: E,
  handler: Handler<E, AuthOf<O>>,
  options?: O,
) => void;

/** Binds contract endpoints to handlers: parses and validates input, answers with the validated output. */
export function createRouteBinder(binderOptions: BinderOptions): BindRoute {
  return (router, endpoint, handler, routeOptions) => {
    const options: RouteOptions<typeof endpoint> = routeOptions ?? {};
    const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    const signedIn = options.auth !== 'public';
    assertSpaceRule(endpoint, options, signedIn);
    const middlewares = endpoint.body
      ? [
          express.json({
            limit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
            strict: true,
            // Signed requests (webhooks) are checked against the exact bytes that were signed.
            verify: (req, _res, raw) => {
              (req as Request & { rawBody?: Buffer }).rawBody = raw;
            },
          }),
          requireJsonBody,
        ]
      : [];
    router[method](endpoint.path, ...middlewares, async (req: Request, res: Response) => {
      // Who is asking comes before what is asked: an anonymous caller learns nothing from validation errors.
      const auth = signedIn ? await binderOptions.authenticate(req) : null;
      const problems: ErrorDetail[] = [];
      const params = parsePart(endpoint.params, req.params, 'params', problems);
      const query = parsePart(endpoint.query, req.query, 'query', problems);
      const body = parsePart(endpoint.body, req.body, 'body', problems);
      if (problems.length > 0) throw invalidRequest(problems);
      let member: SpaceMember | null = null;
      if (auth && options.space) {
        const spaceId = await options.space({ params, query, body } as never);
        member = endpoint.role
          ? await requireMember(binderOptions.prisma, auth.userId, spaceId, endpoint.role)
          : await requireInvitation(binderOptions.prisma, auth.userId, spaceId);
      }
      const result = await handler({ params, query, body, auth, member, req, res } as never);
      let output: unknown = result;
      if (binderOptions.validateResponses) {
        const checked = endpoint.response.safeParse(result);
        if (!checked.success) {
          throw new Error(
            `Response of ${endpoint.method} ${endpoint.path} breaks the contract: ${checked.error.message}`,
          );
        }
        output = checked.data;
      }
      const status = options.statusOf?.(output) ?? endpoint.status ?? 200;
      res.status(status);
      if (output === undefined || status === 204) res.end();
      else res.json(output);
    });
  };
}

/**
 * Programming errors, caught when the server starts: a space route must say how to find its space and who
 * may act on it (a least role, or the caller's own invitation), and a space lookup never goes unchecked.
 */
function assertSpaceRule(
  endpoint: Endpoint,
  options: { space?: unknown; spaceAccess?: RouteOptions['spaceAccess'] },
  signedIn: boolean,
): void {
  const route = `${endpoint.method} ${endpoint.path}`;
  if (endpoint.role && options.spaceAccess) {
    throw new Error(`${route} declares role ${endpoint.role} and access ${options.spaceAccess}: choose one`);
  }
  const rule = endpoint.role ? `role ${endpoint.role}` : options.spaceAccess ? `access ${options.spaceAccess}` : null;
  if (rule && (!signedIn || !options.space)) throw new Error(`${route} declares ${rule} but no signed-in space lookup`);
  if (options.space && !rule) throw new Error(`${route} has a space lookup but no role or space access rule`);
}

function requireJsonBody(req: Request, _res: Response, next: (error?: unknown) => void): void {
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (hasBody && !req.is('application/json')) {
    next(new AppError('unsupported_media_type', 'Send the request body as JSON (Content-Type: application/json).'));
    return;
  }
  next();
}

/** Validates one part of the request; what is wrong is added to `problems`, so one answer lists it all. */
function parsePart(
  schema: z.ZodType | undefined,
  value: unknown,
  part: 'params' | 'query' | 'body',
  problems: ErrorDetail[],
): unknown {
  if (!schema) return undefined;
  const unsafe = findUnsafeInput(value, part);
  if (unsafe) {
    problems.push(unsafe);
    return undefined;
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    problems.push({ path: [part, ...issue.path.map(String)].join('.'), message: issue.message });
  }
  return undefined;
}

function invalidRequest(details: ErrorDetail[]): AppError {
  const first = details[0];
  const summary = first ? `${first.path.replace(/^(body|query|params)\./, '')}: ${first.message}` : 'invalid input';
  return new AppError('invalid_request', `The request is not valid (${summary}).`, details);
}
