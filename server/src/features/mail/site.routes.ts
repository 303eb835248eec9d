import { Router } from 'express';
import { getSiteInfo } from '#contract/site.ts';
import type { BindRoute } from '../../http/route-binder.ts';
import { OUTBOX_PATH } from './dev-mail.routes.ts';

export interface SiteDeps {
  /** The outbox pages are served (outside production) and e-mail stays in them (no SMTP server). */
  mailStaysInOutbox: boolean;
}

/** What anyone may know of this Polyblok before signing in: where its e-mails are when none are sent. */
export function siteRoutes(bind: BindRoute, deps: SiteDeps): Router {
  const router = Router();
  bind(router, getSiteInfo, () => ({ outbox_url: deps.mailStaysInOutbox ? OUTBOX_PATH : null }), {
    auth: 'public',
  });
  return router;
}
