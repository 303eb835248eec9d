import { Router } from 'express';
import {
  grantToken,
  openEmailLink,
  passwordGrantBodySchema,
  recoverPassword,
  refreshGrantBodySchema,
  resendEmail,
  signOut,
  signUp,
  verifyOtp,
} from '#contract/auth.ts';
import { AppError } from '../../errors.ts';
import { parsePart } from '../../http/input-dialect.ts';
import type { BindRoute } from '../../http/route-binder.ts';
import type { AuthDeps } from './auth-deps.ts';
import { goTrueInput, invalidInput, isAuthRefusal } from './auth-errors.ts';
import { clientInfo, type AuthenticatedRequest } from './auth-http.ts';
import { safeRedirect } from './redirects.ts';
import { requestRecovery } from './recover.service.ts';
import { refreshGrant } from './sessions.service.ts';
import { passwordGrant } from './sign-in.service.ts';
import { resend, signUp as signUpUser } from './signup.service.ts';
import { logout } from './user.service.ts';
import { verifyEmailLink, type VerifyType } from './verify.service.ts';

/** Where each kind of link lands when the client names no (allowed) page. */
const landingOf: Record<VerifyType, string> = {
  signup: '/login',
  email: '/login',
  recovery: '/reset-password',
  invite: '/reset-password',
  email_change: '/',
};

/** Sign-up, sign-in and refresh, e-mailed links, password recovery and sign-out. */
export function authRoutes(bind: BindRoute<AuthenticatedRequest>, deps: AuthDeps): Router {
  const router = Router();
  const open = { auth: 'public' } as const;

  bind(
    router,
    signUp,
    ({ body, query, req }) =>
      signUpUser(deps, body, safeRedirect(deps.siteUrl, query.redirect_to, '/login'), clientInfo(req)),
    open,
  );

  // The grant decides which body to expect, so the body is checked once the grant is known.
  bind(
    router,
    grantToken,
    ({ query, body, req }) => {
      if (query.grant_type === 'password') {
        const { email, password } = parsePart(passwordGrantBodySchema, body, 'body', goTrueInput);
        return passwordGrant(deps, email, password, clientInfo(req));
      }
      if (query.grant_type === 'refresh_token') {
        const input = parsePart(refreshGrantBodySchema, body, 'body', goTrueInput);
        return refreshGrant(deps, input.refresh_token, clientInfo(req));
      }
      throw new AppError('unsupported_grant_type', 'grant_type must be password or refresh_token');
    },
    open,
  );

  // The link of an e-mail: signs in and lands on the site with the session in the fragment, where auth-js
  // (detectSessionInUrl) picks it up; a used or expired link lands there with GoTrue's error parameters.
  bind(
    router,
    openEmailLink,
    async ({ query, req }) => {
      const target = safeRedirect(deps.siteUrl, query.redirect_to, landingOf[query.type]);
      let fragment: URLSearchParams;
      try {
        const session = await verifyEmailLink(deps, { type: query.type, token: query.token }, clientInfo(req));
        fragment = new URLSearchParams({
          access_token: session.access_token,
          expires_at: String(session.expires_at),
          expires_in: String(session.expires_in),
          refresh_token: session.refresh_token,
          token_type: 'bearer',
          type: query.type,
        });
      } catch (error) {
        if (!isAuthRefusal(error)) throw error;
        fragment = new URLSearchParams({
          error: error.status === 429 ? 'too_many_requests' : 'access_denied',
          error_code: error.code,
          error_description: error.status === 429 ? error.message : 'Email link is invalid or has expired',
        });
      }
      return `${target}#${fragment.toString()}`;
    },
    open,
  );

  bind(
    router,
    verifyOtp,
    ({ body, req }) => {
      const token = body.token_hash ?? body.token;
      if (!token) throw invalidInput('Verify requires either a token or a token hash');
      return verifyEmailLink(deps, { type: body.type, token, email: body.email }, clientInfo(req));
    },
    open,
  );

  bind(
    router,
    recoverPassword,
    async ({ body, query, req }) => {
      const redirectTo = safeRedirect(deps.siteUrl, query.redirect_to, '/reset-password');
      await requestRecovery(deps, body.email, redirectTo, clientInfo(req));
      return {};
    },
    open,
  );

  bind(
    router,
    resendEmail,
    async ({ body, query, req }) => {
      await resend(deps, body, safeRedirect(deps.siteUrl, query.redirect_to, landingOf[body.type]), clientInfo(req));
      return {};
    },
    open,
  );

  bind(router, signOut, async ({ query, auth }) => {
    await logout(deps, auth, query.scope);
  });

  return router;
}
