import { Router, type Request, type Response } from 'express';
import type { ConnectErrorCode } from '#contract/connect-errors.ts';
import { exchangePanelCode, getPanelConfig, getPanelStory, syncPanelStory } from '#contract/connect.ts';
import { routes } from '#contract/routes.ts';
import type { BindRoute } from '../../http/route-binder.ts';
import { clientInfo } from '../auth/index.ts';
import { CHALLENGE_PATTERN, setChallengeCookie, takeChallenge } from './challenge-cookie.ts';
import type { ConnectDeps } from './connect-deps.ts';
import { completeInstall, ConnectFailure } from './install.service.ts';
import * as panelSession from './panel-session.service.ts';
import * as panelStory from './panel-story.service.ts';
import { storyblokAuthHandler, takeAppSession, type AuthHandlerParams } from './storyblok-auth.ts';

const PANEL_PATH = '/extension/';
const START_PATH = routes.startStoryblokInstall.path;
const CALLBACK_PATH = routes.storyblokInstallCallback.path;
const COMPLETE_PATH = routes.completeStoryblokInstall.path;
const FAILED_PATH = routes.failStoryblokInstall.path;

/** The library answers `/<prefix>/storyblok` and `/<prefix>/callback`: its prefix comes from the table's paths. */
function libraryPrefix(): string {
  const prefix = CALLBACK_PATH.slice(1, -'/callback'.length);
  if (START_PATH !== `/${prefix}/storyblok` || CALLBACK_PATH !== `/${prefix}/callback`) {
    throw new Error(`The OAuth library cannot serve ${START_PATH} and ${CALLBACK_PATH}: they must share a prefix`);
  }
  return prefix;
}

/** Back to the panel (in the popup or the frame the flow ran in), with the code or the reason it failed. */
function toPanel(res: Response, outcome: { code: string } | { error: ConnectErrorCode }): void {
  const query = new URLSearchParams(
    'code' in outcome ? { connect_code: outcome.code } : { connect_error: outcome.error },
  );
  res.redirect(302, `${PANEL_PATH}?${query.toString()}`);
}

/**
 * The app install (redirects, not JSON: a browser window walks through them) and the panel's endpoints.
 * The library's handler gets exactly its two paths; what comes after its callback is Polyblok's own.
 */
export function connectRoutes(bind: BindRoute, deps: ConnectDeps): Router {
  const router = Router();
  const endpointPrefix = libraryPrefix();
  const params = (): AuthHandlerParams | null =>
    deps.oauth && {
      clientId: deps.oauth.clientId,
      clientSecret: deps.oauth.clientSecret,
      baseUrl: deps.siteUrl(),
      endpointPrefix,
      successCallback: COMPLETE_PATH,
      errorCallback: FAILED_PATH,
      ...(deps.oauth.oauthUrl ? { storyblokApiBaseUrl: deps.oauth.oauthUrl } : {}),
    };
  const onLibraryFailure = (error: unknown) =>
    deps.logger.warn({ err: error }, 'storyblok app install: the OAuth handler failed');

  router.get(START_PATH, async (req: Request, res: Response) => {
    const settings = params();
    if (!settings) return toPanel(res, { error: 'not_configured' });
    const challenge = typeof req.query.challenge === 'string' ? req.query.challenge : '';
    if (!CHALLENGE_PATTERN.test(challenge)) return toPanel(res, { error: 'session_lost' });
    setChallengeCookie(res, deps.secretBox, challenge, deps.auth.clock.now());
    await storyblokAuthHandler(settings, onLibraryFailure)(req, res);
  });

  router.get(CALLBACK_PATH, async (req: Request, res: Response) => {
    const settings = params();
    if (!settings) return toPanel(res, { error: 'not_configured' });
    await storyblokAuthHandler(settings, onLibraryFailure)(req, res);
  });

  router.get(COMPLETE_PATH, async (req: Request, res: Response) => {
    const settings = params();
    if (!settings) return toPanel(res, { error: 'not_configured' });
    // Both read before anything can fail, so neither the challenge nor the install's tokens stay in the browser.
    const challenge = takeChallenge(req, res, deps.secretBox, deps.auth.clock.now());
    const spaceId = typeof req.query.space_id === 'string' ? req.query.space_id : '';
    const userId = typeof req.query.user_id === 'string' ? req.query.user_id : '';
    let storyblokSpaceId: number | null = null;
    try {
      const install =
        /^\d+$/.test(spaceId) && /^\d+$/.test(userId)
          ? await takeAppSession(settings, req, res, { spaceId, userId })
          : null;
      if (!install) return toPanel(res, { error: 'storyblok_refused' });
      if (!challenge) return toPanel(res, { error: 'session_lost' });
      storyblokSpaceId = install.spaceId;
      const { code } = await completeInstall(deps, install, challenge, clientInfo(req));
      toPanel(res, { code });
    } catch (error) {
      if (error instanceof ConnectFailure) {
        deps.logger.warn({ reason: error.code, storyblokSpaceId }, 'storyblok app install refused');
        return toPanel(res, { error: error.code });
      }
      deps.logger.error({ err: error, storyblokSpaceId }, 'storyblok app install failed');
      toPanel(res, { error: 'failed' });
    }
  });

  router.get(FAILED_PATH, (req: Request, res: Response) => {
    takeChallenge(req, res, deps.secretBox, deps.auth.clock.now());
    toPanel(res, { error: deps.oauth ? 'storyblok_refused' : 'not_configured' });
  });

  bind(
    router,
    getPanelConfig,
    () => ({
      storyblok_origins: deps.storyblokOrigins,
      tool_slug: deps.toolSlug,
      sign_in_available: deps.oauth !== null,
    }),
    { auth: 'public' },
  );
  bind(
    router,
    exchangePanelCode,
    ({ body, req }) => panelSession.exchangePanelCode(deps, body.code, body.verifier, clientInfo(req)),
    { auth: 'public' },
  );
  bind(
    router,
    getPanelStory,
    ({ params: input, member }) =>
      panelStory.getPanelStory(deps, member!.spaceId, input.storyblokStoryId, member!.role),
    { space: ({ params: input }) => input.id },
  );
  bind(
    router,
    syncPanelStory,
    ({ params: input, member }) =>
      panelStory.syncPanelStory(deps, member!.spaceId, input.storyblokStoryId, member!.role),
    { space: ({ params: input }) => input.id },
  );
  return router;
}
