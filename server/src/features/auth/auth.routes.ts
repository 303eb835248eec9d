import { Router } from 'express';
import {
  logoutQuerySchema,
  passwordGrantBodySchema,
  recoverBodySchema,
  refreshGrantBodySchema,
  resendBodySchema,
  signupBodySchema,
  verifyBodySchema,
  verifyLinkQuerySchema,
} from '#contract/auth.ts';
import type { AuthDeps } from './auth-deps.ts';
import { AppError } from '../../errors.ts';
import { invalidInput, isAuthRefusal } from './auth-errors.ts';
import { clientInfo, parseInput, requireSession } from './auth-http.ts';
import { safeRedirect } from './redirects.ts';
import { requestRecovery } from './recover.service.ts';
import { refreshGrant } from './sessions.service.ts';
import { passwordGrant } from './sign-in.service.ts';
import { resend, signUp } from './signup.service.ts';
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
export function authRoutes(deps: AuthDeps): Router {
  const router = Router();

  router.post('/signup', async (req, res) => {
    const body = parseInput(signupBodySchema, req.body);
    const redirectTo = safeRedirect(deps.siteUrl, req.query.redirect_to, '/login');
    res.json(await signUp(deps, body, redirectTo, clientInfo(req)));
  });

  router.post('/token', async (req, res) => {
    const grantType = req.query.grant_type;
    if (grantType === 'password') {
      const body = parseInput(passwordGrantBodySchema, req.body);
      res.json(await passwordGrant(deps, body.email, body.password, clientInfo(req)));
    } else if (grantType === 'refresh_token') {
      const body = parseInput(refreshGrantBodySchema, req.body);
      res.json(await refreshGrant(deps, body.refresh_token, clientInfo(req)));
    } else {
      throw new AppError('unsupported_grant_type', 'grant_type must be password or refresh_token');
    }
  });

  // The link of an e-mail: signs in and lands on the site with the session in the fragment, where auth-js
  // (detectSessionInUrl) picks it up; a used or expired link lands there with GoTrue's error parameters.
  router.get('/verify', async (req, res) => {
    const query = parseInput(verifyLinkQuerySchema, req.query);
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
    res.redirect(303, `${target}#${fragment.toString()}`);
  });

  router.post('/verify', async (req, res) => {
    const body = parseInput(verifyBodySchema, req.body);
    const token = body.token_hash ?? body.token;
    if (!token) throw invalidInput('Verify requires either a token or a token hash');
    res.json(await verifyEmailLink(deps, { type: body.type, token, email: body.email }, clientInfo(req)));
  });

  router.post('/recover', (req, res) => {
    const body = parseInput(recoverBodySchema, req.body);
    const redirectTo = safeRedirect(deps.siteUrl, req.query.redirect_to, '/reset-password');
    requestRecovery(deps, body.email, redirectTo, clientInfo(req));
    res.json({});
  });

  router.post('/resend', (req, res) => {
    const body = parseInput(resendBodySchema, req.body);
    const redirectTo = safeRedirect(deps.siteUrl, req.query.redirect_to, landingOf[body.type]);
    resend(deps, body, redirectTo, clientInfo(req));
    res.json({});
  });

  router.post('/logout', async (req, res) => {
    const { scope } = parseInput(logoutQuerySchema, req.query);
    await logout(deps, await requireSession(deps, req), scope);
    res.status(204).end();
  });

  return router;
}
