import { UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './content-page.module.css';

/**
 * A row of the story list as a real link: a plain click moves in place, a middle-click or Ctrl-click opens a
 * new tab, and the address can be copied.
 */
export function RowLink(props: { href: string; active: boolean; testId: string; children: ReactNode }) {
  return (
    <UnstyledButton
      component={Link}
      to={props.href}
      className={classes.listRow}
      data-active={props.active || undefined}
      aria-current={props.active ? 'page' : undefined}
      data-testid={props.testId}
    >
      {props.children}
    </UnstyledButton>
  );
}
