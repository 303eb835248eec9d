import { createBrowserRouter } from 'react-router';
import { LogoLoader } from '#kit/components/logo-loader.tsx';
import { lazyScreen } from './lazy-screen.ts';
import { RouteErrorPage } from './pages/route-error-page.tsx';

const AppShellLayout = lazyScreen(() => import('./shell/app-shell-layout.tsx'), 'AppShellLayout');
const SpacesHomePage = lazyScreen(() => import('./pages/spaces-home-page.tsx'), 'SpacesHomePage');
const SupportPage = lazyScreen(() => import('./pages/support-page.tsx'), 'SupportPage');
const SpaceLayout = lazyScreen(() => import('./space/space-layout.tsx'), 'SpaceLayout');
const LanguagesPage = lazyScreen(() => import('./pages/languages/languages-page.tsx'), 'LanguagesPage');
const SettingsPage = lazyScreen(() => import('./pages/settings/settings-page.tsx'), 'SettingsPage');
const ContentPage = lazyScreen(() => import('./pages/content/content-page.tsx'), 'ContentPage');
const MembersPage = lazyScreen(() => import('./pages/members/members-page.tsx'), 'MembersPage');
const GlossaryPage = lazyScreen(() => import('./pages/glossary/glossary-page.tsx'), 'GlossaryPage');

/**
 * Every screen is code-split so the first route only downloads its own code (budget: 200 KiB gzip
 * JS): public screens as lazy routes (the router waits for them before it navigates), signed-in
 * screens as lazy components that only load once the guard lets the user in (see lazy-screen.ts).
 */
export function createAppRouter() {
  return createBrowserRouter([
    {
      path: '/',
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: LogoLoader,
      children: [
        {
          lazy: { Component: async () => (await import('./auth/auth-layout.tsx')).AuthLayout },
          children: [
            { path: 'login', lazy: { Component: async () => (await import('./auth/login-page.tsx')).LoginPage } },
            { path: 'signup', lazy: { Component: async () => (await import('./auth/signup-page.tsx')).SignupPage } },
            {
              path: 'set-password',
              lazy: { Component: async () => (await import('./auth/set-password-page.tsx')).SetPasswordPage },
            },
            {
              path: 'reset-password',
              lazy: { Component: async () => (await import('./auth/reset-password-page.tsx')).ResetPasswordPage },
            },
          ],
        },
        {
          // Signed-in routes: the guard shows the bouncing logo until the account is loaded.
          lazy: { Component: async () => (await import('./shell/account-guard.tsx')).AccountGuard },
          children: [
            {
              Component: AppShellLayout,
              children: [
                { index: true, Component: SpacesHomePage },
                { path: 'support', Component: SupportPage },
                {
                  path: 'spaces/:spaceId',
                  Component: SpaceLayout,
                  children: [
                    { path: 'languages', Component: LanguagesPage },
                    { path: 'settings', Component: SettingsPage },
                    { path: 'content', Component: ContentPage },
                    { path: 'users', Component: MembersPage },
                    { path: 'glossary', Component: GlossaryPage },
                  ],
                },
              ],
            },
          ],
        },
        {
          path: '*',
          lazy: { Component: async () => (await import('./pages/not-found-page.tsx')).NotFoundPage },
        },
      ],
    },
  ]);
}
