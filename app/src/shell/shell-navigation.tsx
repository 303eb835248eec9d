import type { ReactNode } from 'react';
import { Link, useMatch } from 'react-router';
import classes from './shell-navigation.module.css';
import { SpacesIcon, SupportIcon } from './shell-icons.tsx';

interface NavItem {
  label: string;
  to: string;
  icon: ReactNode;
  /** Highlighted only on exactly this path (the spaces list at /), or below it too. */
  end?: boolean;
}

// Outside a space. The in-space items (Translations, Glossary, Users, Settings), the 'Back to
// spaces' link and the space dropdown take this list's place when the space screens arrive.
const outsideSpaceItems: NavItem[] = [{ label: 'Spaces', to: '/', icon: <SpacesIcon />, end: true }];

const supportItem: NavItem = { label: 'Support', to: '/support', icon: <SupportIcon /> };

function ShellNavLink({ item }: { item: NavItem }) {
  const active = useMatch({ path: item.to, end: item.end ?? false }) !== null;
  return (
    <Link
      to={item.to}
      className={classes.link}
      data-active={active || undefined}
      aria-current={active ? 'page' : undefined}
    >
      {item.icon}
      <span>{item.label}</span>
    </Link>
  );
}

export function ShellNavigation() {
  return (
    <nav aria-label="Main" className={classes.list}>
      {outsideSpaceItems.map((item) => (
        <ShellNavLink key={item.to} item={item} />
      ))}
    </nav>
  );
}

export function SupportNavLink() {
  return <ShellNavLink item={supportItem} />;
}
