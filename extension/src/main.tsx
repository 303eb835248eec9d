// Mantine's stylesheets are imported once per host entry; the kit does not import CSS itself.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AUTH_BASE_PATH } from '#contract/routes.ts';
import { ApiProvider } from '#kit/api/api-context.tsx';
import { AppProvider } from '#kit/components/app-provider.tsx';
import { createAuthClient } from '#kit/auth/auth-client.ts';
import { AuthProvider } from '#kit/auth/auth-provider.tsx';
import { createAuthedApiClient } from '#kit/auth/authed-api-client.ts';
import { PanelApp } from './panel/panel-app.tsx';
import { handleConnectReturn, type ConnectReturn } from './session/connect-return.ts';
import { exchangeForSession, PANEL_AUTH_KEY } from './session/panel-session.ts';
import { panelStorage } from './session/panel-storage.ts';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no <div id="root"> (app/build/page-shell.ts adds it)');

const siteUrl = window.location.origin;
// The panel's own session (never the web app's, never a cookie): auth-js keeps and refreshes it.
const storage = panelStorage();
const auth = createAuthClient({
  url: `${siteUrl}${AUTH_BASE_PATH}`,
  storageKey: PANEL_AUTH_KEY,
  storage,
  detectSessionInUrl: false,
});
const api = createAuthedApiClient(auth);
const exchange = (code: string, verifier: string) => exchangeForSession({ api, auth, storage }, code, verifier);
// Started once, outside React: a sign-in code is traded exactly once, whatever React renders twice.
const boot: Promise<ConnectReturn> = handleConnectReturn({ window, storage, exchange }).catch((error: unknown) => ({
  kind: 'failed',
  error,
}));

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <AuthProvider client={auth} siteUrl={siteUrl}>
        <ApiProvider client={api}>
          <PanelApp boot={boot} storage={storage} exchange={exchange} />
        </ApiProvider>
      </AuthProvider>
    </AppProvider>
  </StrictMode>,
);
