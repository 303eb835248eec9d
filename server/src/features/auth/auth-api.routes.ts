import express, { Router } from 'express';
import type { AuthDeps } from './auth-deps.ts';
import { AppError } from '../../errors.ts';
import { authErrorHandler, negotiateApiVersion } from './auth-errors.ts';
import { requireJsonBody } from './auth-http.ts';
import { authRoutes } from './auth.routes.ts';
import { factorsRoutes } from './factors.routes.ts';
import { userRoutes } from './user.routes.ts';

export const AUTH_BODY_LIMIT = '16kb';

/**
 * The GoTrue-compatible auth API, mounted at /auth/v1. It answers GoTrue's shapes and error codes (not the
 * product API's `{ code, message, details }`), so it has its own error handler; it still never answers a
 * 500 for anything a client sends, nor shows internals.
 */
export function authApiRoutes(deps: AuthDeps): Router {
  const router = Router();
  router.use(negotiateApiVersion);
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  router.use(requireJsonBody, express.json({ limit: AUTH_BODY_LIMIT, strict: true }));
  router.use(authRoutes(deps));
  router.use(userRoutes(deps));
  router.use(factorsRoutes(deps));
  router.use((req, _res, next) => {
    next(new AppError('not_found', `There is no ${req.method} ${req.baseUrl}${req.path} endpoint`));
  });
  router.use(authErrorHandler(deps.logger));
  return router;
}
