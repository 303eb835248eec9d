import type { Request, Response, Router } from 'express';
import type { z } from 'zod';
import type { Endpoint, EndpointResponse } from '#contract/endpoint.ts';
import { describeRoute, methodsOf } from '#contract/routes.ts';
import type { Database } from '../db/prisma.ts';
import { AppError } from '../errors.ts';
import type { Authenticate, AuthInfo } from './auth-info.ts';
import { apiInput, checkPart, type InputDialect, type InputProblem } from './input-dialect.ts';
import { jsonBody } from './json-body.ts';
import { xmlBody } from './xml-body.ts';
import type { RouteRegistry } from './route-registry.ts';
import { requireInvitation, requireMember, type SpaceMember, type SpaceRef } from './space-access.ts';

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
  /** A body that is an XML document (read as text for the handler's parser) rather than JSON. */
  bodyFormat?: 'xml';
  /**
   * How the answer is sent when it is not JSON (a file to download): given the answer the contract checked.
   */
  send?: (res: Response, output: EndpointResponse<E>) => void;
  /** Status from the answer, for endpoints whose status depends on it (health answers 503 when down). */
  statusOf?: (output: unknown) => number;
  /**
   * Which space the request acts on, from its validated input (a path id, a story's or a locale's space).
   * Required when the endpoint declares a role; null when the input names nothing that exists (answers 404).
   */
  space?: (input: RouteInput<E>) => SpaceRef | Promise<SpaceRef>;
  /**
   * For the routes that answer an invitation (accept, decline): instead of a joined membership with a role,
   * the caller must hold their own `invited` membership of the space. Needs `space`; the endpoint has no role.
   */
  spaceAccess?: 'own-invitation';
  /**
   * What the route answers when `space` finds nothing or the caller is not a member of what it found: "Story
   * not found" for a story route rather than "Space not found". Both cases answer the same, so an id of another
   * team's story reveals nothing.
   */
  notFound?: () => AppError;
  /**
   * 'refused' for what a script's personal API token may not do (manage tokens, create spaces): a person, signed
   * in, does it.
   */
  apiTokens?: 'refused';
}

/** What a handler receives as `auth`: null on public routes. */
export type AuthOf<O extends { auth?: RouteAuth }, A = AuthInfo> = O['auth'] extends 'public' ? null : A;

export const DEFAULT_BODY_LIMIT = '100kb';

export interface BinderOptions<A extends AuthInfo = AuthInfo> {
  /** Check every answer against the contract (on in tests): a mismatch fails loudly instead of reaching a client. */
  validateResponses: boolean;
  /** The bearer check of signed-in routes. */
  authenticate: Authenticate<A>;
  /** Where memberships are read for the space check. */
  prisma: Database;
  /** Where the routers this binder fills are mounted: their routes are the table's paths without it. */
  mount?: string;
  /** How input is read and refused; the product API's way unless said otherwise. */
  input?: InputDialect;
  /**
   * Bodies: the limit when a route names none, and whether every route reads a JSON body (and refuses any other)
   * or only those whose endpoint declares one.
   */
  bodies?: { limit: string; everyRoute: boolean };
  /** Whether its authentication takes personal API tokens (the product API's does, the auth API's never). */
  acceptsApiTokens?: boolean;
  /** Counts the routes of the table bound, so the app can check that none is missing. */
  registry?: RouteRegistry;
}

export type BindRoute<A extends AuthInfo = AuthInfo> = <
  E extends Endpoint,
  O extends RouteOptions<E> = RouteOptions<E>,
>(
  router: Router,
  endpoint: E,
  handler: Handler<E, AuthOf<O, A>>,
  options?: O,
) => void;

/** Binds contract endpoints to handlers: parses and validates input, answers with the validated output. */
export function createRouteBinder<A extends AuthInfo = AuthInfo>(binderOptions: BinderOptions<A>): BindRoute<A> {
  const mount = binderOptions.mount ?? '';
  const dialect = binderOptions.input ?? apiInput;
  const bodies = binderOptions.bodies ?? { limit: DEFAULT_BODY_LIMIT, everyRoute: false };
  return (router, endpoint, handler, routeOptions) => {
    const options: RouteOptions<typeof endpoint> = routeOptions ?? {};
    const route = describeRoute(endpoint);
    if (!endpoint.path.startsWith(`${mount}/`)) throw new Error(`${route} is not under ${mount}, where it is bound`);
    const signedIn = options.auth !== 'public';
    assertSpaceRule(route, endpoint, options, signedIn);
    binderOptions.registry?.record(endpoint, {
      signedIn,
      apiTokens: signedIn && binderOptions.acceptsApiTokens === true && options.apiTokens !== 'refused',
    });
    const limit = options.bodyLimit ?? bodies.limit;
    const middlewares =
      options.bodyFormat === 'xml'
        ? xmlBody(limit, dialect)
        : endpoint.body || bodies.everyRoute
          ? jsonBody(limit, dialect)
          : [];
    const answer = async (req: Request, res: Response) => {
      // Who is asking comes before what is asked: an anonymous caller learns nothing from validation errors.
      const auth = signedIn ? await binderOptions.authenticate(req) : null;
      if (auth?.apiToken && options.apiTokens === 'refused') {
        throw new AppError(
          'api_token_not_allowed',
          'An API token cannot do this. Sign in to Polyblok and do it from your account.',
        );
      }
      const problems: InputProblem[] = [];
      const check = (schema: z.ZodType | undefined, value: unknown, part: 'params' | 'query' | 'body') =>
        schema ? checkPart(schema, value, part, dialect, problems) : undefined;
      const params = check(endpoint.params, req.params, 'params');
      const query = check(endpoint.query, req.query, 'query');
      const body = check(endpoint.body, req.body, 'body');
      if (problems.length > 0) throw dialect.refuse(problems);
      let member: SpaceMember | null = null;
      if (auth && options.space) {
        const space = await options.space({ params, query, body } as never);
        member = await (
          endpoint.role
            ? requireMember(binderOptions.prisma, auth.userId, space, endpoint.role, auth.apiToken)
            : requireInvitation(binderOptions.prisma, auth.userId, space, auth.apiToken)
        ).catch((error: unknown) => {
          throw options.notFound && error instanceof AppError && error.code === 'not_found'
            ? options.notFound()
            : error;
        });
      }
      const result = await handler({ params, query, body, auth, member, req, res } as never);
      let output: unknown = result;
      if (binderOptions.validateResponses) {
        const checked = endpoint.response.safeParse(result);
        if (!checked.success) throw new Error(`Response of ${route} breaks the contract: ${checked.error.message}`);
        output = checked.data;
      }
      const status = options.statusOf?.(output) ?? endpoint.status ?? 200;
      // A redirect's answer is the address (GET /auth/v1/verify lands the browser on the site).
      if (options.send) options.send(res.status(status), output as never);
      else if (status >= 300 && status < 400) res.redirect(status, String(output));
      else if (output === undefined || status === 204) res.status(status).end();
      else res.status(status).json(output);
    };
    const path = endpoint.path.slice(mount.length);
    for (const method of methodsOf(endpoint)) {
      router[method.toLowerCase() as Lowercase<typeof method>](path, ...middlewares, answer);
    }
  };
}

/**
 * Programming errors, caught when the server starts: a space route must say how to find its space and who
 * may act on it (a least role, or the caller's own invitation), and a space lookup never goes unchecked.
 */
function assertSpaceRule(
  route: string,
  endpoint: Endpoint,
  options: { space?: unknown; spaceAccess?: RouteOptions['spaceAccess'] },
  signedIn: boolean,
): void {
  if (endpoint.role && options.spaceAccess) {
    throw new Error(`${route} declares role ${endpoint.role} and access ${options.spaceAccess}: choose one`);
  }
  const rule = endpoint.role ? `role ${endpoint.role}` : options.spaceAccess ? `access ${options.spaceAccess}` : null;
  if (rule && (!signedIn || !options.space)) throw new Error(`${route} declares ${rule} but no signed-in space lookup`);
  if (options.space && !rule) throw new Error(`${route} has a space lookup but no role or space access rule`);
}
