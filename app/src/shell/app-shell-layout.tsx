import { Burger } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Logo } from '#kit/components/logo.tsx';
import { ServerStatusBanner } from '#kit/components/server-status-banner.tsx';
import classes from './app-shell-layout.module.css';
import { ProfileCard } from './profile-card.tsx';
import { ShellNavigation, SupportNavLink } from './shell-navigation.tsx';

/**
 * The signed-in shell: a 320px sidebar (logo, navigation, Support, profile card) beside the page.
 * A small grid of our own rather than Mantine's AppShell, whose resizing and aside/footer support
 * cost the first route about 5 KiB gzip for nothing used here.
 */
export function AppShellLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  // On a phone the sidebar covers the page; following a link should reveal the page.
  useEffect(close, [pathname, close]);

  return (
    <div className={classes.shell} data-nav-open={opened || undefined}>
      <header className={classes.mobileHeader}>
        <Logo size={28} />
        <Burger opened={opened} onClick={toggle} size="sm" aria-label="Toggle navigation" />
      </header>
      <aside className={classes.sidebar}>
        <div className={classes.brand}>
          <Logo size={32} />
        </div>
        <div className={classes.navigation}>
          <ShellNavigation />
        </div>
        <SupportNavLink />
        <div className={classes.profile}>
          <ProfileCard />
        </div>
      </aside>
      <main className={classes.main}>
        <ServerStatusBanner />
        {/* Pages are lazy components; a navigation keeps the old page up while the next one loads. */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
