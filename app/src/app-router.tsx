import { createBrowserRouter } from 'react-router';
import { LogoLoader } from '#kit/logo-loader.tsx';
import { RouteErrorPage } from './pages/route-error-page.tsx';

/**
 * Every screen is a lazy route so the first route only downloads its own code (budget: 200 KiB
 * gzip JS). The router waits for a lazy route before it navigates, so no Suspense is needed.
 */
export function createAppRouter() {
  return createBrowserRouter([
    {
      path: '/',
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: LogoLoader,
      children: [
        {
          index: true,
          lazy: { Component: async () => (await import('./pages/home-page.tsx')).HomePage },
        },
        {
          path: '*',
          lazy: { Component: async () => (await import('./pages/not-found-page.tsx')).NotFoundPage },
        },
      ],
    },
  ]);
}
