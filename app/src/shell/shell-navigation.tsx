import { UnstyledButton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useMatch } from 'react-router';
import { openCrispChat } from './crisp-chat.ts';
import { ShellNavLink, type NavItem } from './shell-nav-link.tsx';
import classes from './shell-navigation.module.css';
import { SpacesIcon, SupportIcon } from './shell-icons.tsx';
import { useAccount } from './use-account.ts';

const outsideSpaceItems: NavItem[] = [{ label: 'Spaces', to: '/', icon: <SpacesIcon />, end: true }];

const supportItem: NavItem = { label: 'Support', to: '/support', icon: <SupportIcon /> };

// Inside a space only: its dropdown is the heaviest part of the sidebar and the spaces list never needs it.
const SpaceNavigation = lazy(async () => ({ default: (await import('./space-navigation.tsx')).SpaceNavigation }));

export function ShellNavigation() {
  const inSpace = useMatch('/spaces/:spaceId/*');
  if (inSpace) {
    return (
      <Suspense fallback={<div className={classes.pending} />}>
        <SpaceNavigation spaceId={inSpace.params.spaceId ?? ''} />
      </Suspense>
    );
  }
  return (
    <nav aria-label="Main" className={classes.list}>
      {outsideSpaceItems.map((item) => (
        <ShellNavLink key={item.to} item={item} />
      ))}
    </nav>
  );
}

/** Opens the Crisp chat where one is configured (with the user's signed e-mail), the support page otherwise. */
export function SupportNavLink() {
  const account = useAccount();
  const websiteId = account.crisp_website_id;
  if (!websiteId) return <ShellNavLink item={supportItem} />;
  return (
    <UnstyledButton
      className={classes.link}
      onClick={() => openCrispChat({ websiteId, email: account.email, signature: account.crisp_signature })}
    >
      {supportItem.icon}
      <span>{supportItem.label}</span>
    </UnstyledButton>
  );
}
