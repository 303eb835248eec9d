import { Router } from 'express';
import { createApiToken, listApiTokens, revokeApiToken } from '#contract/api-tokens.ts';
import type { BindRoute } from '../../http/route-binder.ts';
import * as apiTokens from './api-tokens.service.ts';

/**
 * The profile's personal API tokens. Only a signed-in person manages them: a token that could make tokens
 * could outlive its own revocation.
 */
export function apiTokensRoutes(bind: BindRoute, deps: apiTokens.ApiTokenDeps): Router {
  const router = Router();
  const personOnly = { apiTokens: 'refused' } as const;
  bind(router, listApiTokens, ({ auth }) => apiTokens.listApiTokens(deps, auth.userId), personOnly);
  bind(router, createApiToken, ({ auth, body }) => apiTokens.createApiToken(deps, auth.userId, body), personOnly);
  bind(
    router,
    revokeApiToken,
    ({ auth, params }) => apiTokens.revokeApiToken(deps, auth.userId, params.tokenId),
    personOnly,
  );
  return router;
}
