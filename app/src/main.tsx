// Mantine's stylesheets are imported once, here, so every screen can rely on them.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AUTH_BASE_PATH } from '#contract/routes.ts';
import { ApiProvider } from '#kit/api/api-context.tsx';
import { AppProvider } from '#kit/components/app-provider.tsx';
import { createAuthClient } from '#kit/auth/auth-client.ts';
import { AuthProvider } from '#kit/auth/auth-provider.tsx';
import { createAuthedApiClient } from '#kit/auth/authed-api-client.ts';
import { createAppRouter } from './app-router.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no <div id="root"> (app/build/page-shell.ts adds it)');

const siteUrl = window.location.origin;
// One auth client for the whole app: it owns the session in localStorage and its refresh timer.
const auth = createAuthClient({ url: `${siteUrl}${AUTH_BASE_PATH}` });
const api = createAuthedApiClient(auth);
const router = createAppRouter();
const clearLocalState = () => window.localStorage.clear();

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <AuthProvider client={auth} siteUrl={siteUrl} clearLocalState={clearLocalState}>
        <ApiProvider client={api}>
          <RouterProvider router={router} />
        </ApiProvider>
      </AuthProvider>
    </AppProvider>
  </StrictMode>,
);
