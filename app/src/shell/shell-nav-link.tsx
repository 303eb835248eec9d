import type { ReactNode } from 'react';
import { Link, matchPath, useLocation } from 'react-router';
import classes from './shell-navigation.module.css';

export interface NavItem {
  label: string;
  to: string;
  icon: ReactNode;
  /** Paths that highlight the item; its own `to` when absent (Translations is both languages and content). */
  activeOn?: string[];
  /** Highlighted only on exactly the path (the spaces list at /), or below it too. */
  end?: boolean;
}

export function ShellNavLink({ item }: { item: NavItem }) {
  const { pathname } = useLocation();
  const patterns = item.activeOn ?? [item.to];
  const active = patterns.some((path) => matchPath({ path, end: item.end ?? false }, pathname) !== null);
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
