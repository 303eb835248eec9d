import type { BrowserContext, FrameLocator, Page } from '@playwright/test';
import { basicFixture as fx } from '#tests/fakes/storyblok/basic-fixture.ts';
import { makeTestCertificate, type TestCertificate } from '#tests/support/tls.ts';
import { collectProblems } from './browser-problems.ts';
import { EDITOR_ORIGIN, openVisualEditor, panelFrame, routeVisualEditor } from './harness/visual-editor-harness.ts';
import type { E2ESpace, LocalServices } from './local-services.ts';
import playwrightConfig from './playwright.config.ts';
import { startServer, test as base, type RunningServer } from './server.ts';

/** The slug the tool panel is installed under in the local Storyblok. */
export const TOOL = 'polyblok-e2e@polyblok';

/**
 * `test` for the tool panel. The panel needs Polyblok over https (Storyblok's app install refuses anything else),
 * so it runs its own server: a throwaway certificate, the local Storyblok's OAuth, and the Visual Editor
 * stand-in's origin as the one Storyblok origin allowed to frame the panel. The web app works on it too.
 */
export const panelTest = base.extend<object, { certificate: TestCertificate; panelServer: RunningServer }>({
  certificate: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
    async ({}, use) => {
      const certificate = makeTestCertificate();
      await use(certificate);
      certificate.dispose();
    },
    { scope: 'worker' },
  ],
  panelServer: [
    async ({ services, certificate }, use) => {
      const server = await startServer({
        ...services.env,
        TLS_CERT_FILE: certificate.certFile,
        TLS_KEY_FILE: certificate.keyFile,
        STORYBLOK_OAUTH_CLIENT_ID: 'polyblok-e2e',
        STORYBLOK_OAUTH_CLIENT_SECRET: 'polyblok-e2e-client-secret',
        STORYBLOK_OAUTH_URL: services.storyblok.baseUrl,
        STORYBLOK_APP_ORIGINS: EDITOR_ORIGIN,
        STORYBLOK_TOOL_SLUG: TOOL,
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ panelServer }, use) => use(panelServer.baseURL),
});

const launchOptions = playwrightConfig.use?.launchOptions ?? {};

/** The browser options a file of panel tests uses (`panelTest.use(panelBrowserOptions)`). */
export const panelBrowserOptions = {
  // The throwaway certificate is trusted by nobody.
  ignoreHTTPSErrors: true,
  // The stand-in Visual Editor lives on a routed, public-looking origin, while Polyblok runs on localhost here:
  // Chromium's Local Network Access checks would refuse that public page its local iframe. In production both
  // are public sites, so the checks have nothing to say there.
  launchOptions: {
    ...launchOptions,
    args: [...(launchOptions.args ?? []), '--disable-features=LocalNetworkAccessChecks'],
  },
};

/** Clicks the panel's sign-in and lets the popup walk Storyblok's consent; it closes itself at the end. */
export async function signInThroughPopup(editor: Page, panel: FrameLocator): Promise<void> {
  const popup = editor.waitForEvent('popup');
  await panel.getByRole('button', { name: 'Sign in with Storyblok' }).click();
  await (await popup).waitForEvent('close', { timeout: 30_000 });
}

export interface ToolPanelVisit {
  /** The Storyblok user who signs in from the panel (Storyblok's OAuth answers with this identity). */
  identity: { userId: number; userName: string; email: string; role: string };
  space: E2ESpace;
  storyId: number;
  /** The width Storyblok gives the tool's slot, when a test sets one. */
  panelWidth?: number;
}

/**
 * Opens the Visual Editor stand-in in a new page of the context on the story, with the tool panel of the
 * panel server in its slot: what an editor sees before signing in. Problems on the editor's page are collected.
 */
export async function openToolPanel(
  context: BrowserContext,
  services: LocalServices,
  baseURL: string,
  visit: ToolPanelVisit,
): Promise<{ editor: Page; panel: FrameLocator; problems: string[] }> {
  const { identity, space } = visit;
  services.storyblok.setOAuthIdentity({
    spaceId: space.spaceId,
    userId: identity.userId,
    userName: identity.userName,
    email: identity.email,
    roles: [{ name: identity.role }],
  });
  const editor = await context.newPage();
  const problems = collectProblems(editor);
  await routeVisualEditor(editor);
  await openVisualEditor(editor, {
    panelUrl: `${baseURL}/extension/`,
    tool: TOOL,
    story: services.storyblok.getStory(space.spaceId, visit.storyId),
    languages: fx.languages.slice(),
    ...(visit.panelWidth === undefined ? {} : { panelWidth: visit.panelWidth }),
  });
  return { editor, panel: panelFrame(editor), problems };
}
