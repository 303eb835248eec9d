import { Router } from 'express';
import { AUTH_BASE_PATH } from '#contract/routes.ts';
import { AppError } from '../../errors.ts';
import { createRouteBinder } from '../../http/route-binder.ts';
import type { RouteRegistry } from '../../http/route-registry.ts';
import { refuseMalformedUrl } from '../../http/url-encoding.ts';
import type { AuthDeps } from './auth-deps.ts';
import { authErrorHandler, goTrueInput, negotiateApiVersion } from './auth-errors.ts';
import { requireSession, type AuthenticatedRequest } from './auth-http.ts';
import { authRoutes } from './auth.routes.ts';
import { factorsRoutes } from './factors.routes.ts';
import { userRoutes } from './user.routes.ts';

export const AUTH_BODY_LIMIT = '16kb';

export interface AuthApiOptions {
  /** Check every answer against the contract; on in tests. */
  validateResponses: boolean;
  registry: RouteRegistry;
}

/**
 * The GoTrue-compatible auth API, mounted at /auth/v1 and bound from the route table like the product API, in
 * GoTrue's dialect: its bearer check (no second factor asked), its input errors (one `validation_failed`), JSON
 * bodies on every route, and its error shapes (not the product API's `{ code, message, details }`). It still
 * never answers a 500 for anything a client sends, nor shows internals.
 */
export function authApiRoutes(deps: AuthDeps, options: AuthApiOptions): Router {
  const bind = createRouteBinder<AuthenticatedRequest>({
    validateResponses: options.validateResponses,
    authenticate: (req) => requireSession(deps, req),
    prisma: deps.prisma,
    mount: AUTH_BASE_PATH,
    input: goTrueInput,
    bodies: { limit: AUTH_BODY_LIMIT, everyRoute: true },
    registry: options.registry,
  });
  const router = Router();
  router.use(negotiateApiVersion);
  router.use(refuseMalformedUrl(goTrueInput));
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  router.use(authRoutes(bind, deps));
  router.use(userRoutes(bind, deps));
  router.use(factorsRoutes(bind, deps));
  router.use((req, _res, next) => {
    next(new AppError('not_found', `There is no ${req.method} ${req.baseUrl}${req.path} endpoint`));
  });
  router.use(authErrorHandler(deps.logger));
  return router;
}
