import express, { Router, type Request, type Response } from 'express';
import { FakeHttpError, handle, httpError, queryString } from './http-kit.ts';
import type { FakeContext } from './mapi-auth.ts';
import { clone } from './state.ts';
import type { OAuthGrant, OAuthIdentity } from './types.ts';

function grantOf(ctx: FakeContext, req: Request): OAuthGrant {
  const principal = ctx.state.auth.principalFor(req.get('authorization'));
  if (!principal?.grant) throw httpError(ctx.behaviour, 'unauthorized');
  return principal.grant;
}

/** Who is authorizing: the test-set identity, overridden by fake-only query params of the authorize URL. */
function identityFrom(ctx: FakeContext, req: Request): OAuthIdentity {
  const base = ctx.state.auth.identity;
  const spaceId = queryString(req, 'space_id');
  const userId = queryString(req, 'user_id');
  const roles = queryString(req, 'roles');
  return {
    spaceId: spaceId ? Number(spaceId) : base.spaceId,
    userId: userId ? Number(userId) : base.userId,
    userName: queryString(req, 'user_name') ?? base.userName,
    email: queryString(req, 'email') ?? base.email,
    roles: roles ? roles.split(',').map((name) => ({ name })) : clone(base.roles),
  };
}

function redirectWith(res: Response, target: string, params: Record<string, string | undefined>): void {
  const url = new URL(target);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value);
  res.redirect(302, url.toString());
}

/** `GET …/oauth/space_info`, also served on the MAPI host as `/v1/oauth/space_info` (reference §1.6). */
export function spaceInfoHandler(ctx: FakeContext) {
  return handle((req, res) => {
    const grant = grantOf(ctx, req);
    const entry = ctx.state.space(grant.identity.spaceId);
    res.json({
      space: {
        id: entry.space.id,
        name: entry.space.name,
        domain: entry.space.domain,
        plan_level: entry.space.plan_level,
        owner: {
          id: entry.space.owner_id,
          friendly_name: 'Space Owner',
          // Storyblok sends the owner's whole user record; the address is known here once the owner authorized.
          email: ctx.state.auth.collaborators(entry.space.id).find((c) => c.userId === entry.space.owner_id)?.email,
        },
        languages: clone(entry.space.languages),
      },
    });
  });
}

export function oauthRouter(ctx: FakeContext): Router {
  const router = Router();

  router.get(
    '/authorize',
    handle((req, res) => {
      const redirectUri = queryString(req, 'redirect_uri');
      const clientId = queryString(req, 'client_id');
      if (!redirectUri || !URL.canParse(redirectUri) || !clientId) {
        throw new FakeHttpError(400, {
          error: 'invalid_request',
          error_description: 'client_id and an absolute redirect_uri are required',
        });
      }
      if (!ctx.state.auth.knowsClient(clientId)) {
        throw new FakeHttpError(400, { error: 'invalid_client', error_description: 'Unknown client_id' });
      }
      const state = queryString(req, 'state');
      const identity = identityFrom(ctx, req);
      if (!ctx.state.spaces.has(identity.spaceId)) {
        redirectWith(res, redirectUri, { error: 'access_denied', error_description: 'Unknown space', state });
        return;
      }
      const code = ctx.state.auth.issueCode({
        clientId,
        redirectUri,
        codeChallenge: queryString(req, 'code_challenge') ?? null,
        codeChallengeMethod: queryString(req, 'code_challenge_method') ?? 'plain',
        identity,
      });
      redirectWith(res, redirectUri, { code, state, space_id: String(identity.spaceId) });
    }),
  );

  router.post(
    '/token',
    express.urlencoded({ extended: false }),
    express.json(),
    handle((req, res) => {
      const form = (req.body ?? {}) as Record<string, string | undefined>;
      let grant: OAuthGrant;
      if (form.grant_type === 'authorization_code') grant = ctx.state.auth.exchangeCode(form);
      else if (form.grant_type === 'refresh_token') grant = ctx.state.auth.refresh(form);
      else throw new FakeHttpError(400, { error: 'unsupported_grant_type' });
      res.setHeader('Cache-Control', 'no-store');
      res.json({
        access_token: grant.accessToken,
        refresh_token: grant.refreshToken,
        token_type: 'bearer',
        expires_in: Math.max(0, Math.round((grant.expiresAt - Date.now()) / 1000)),
      });
    }),
  );

  router.get(
    '/user_info',
    handle((req, res) => {
      const { identity } = grantOf(ctx, req);
      const entry = ctx.state.space(identity.spaceId);
      res.json({
        user: { id: identity.userId, friendly_name: identity.userName },
        space: { id: entry.space.id, name: entry.space.name },
        roles: clone(identity.roles),
      });
    }),
  );

  router.get('/space_info', spaceInfoHandler(ctx));

  return router;
}
