import { Select } from '@mantine/core';
import { IconArrowLeft, IconBook, IconLanguage, IconSettings, IconUsers } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { ShellNavLink, type NavItem } from './shell-nav-link.tsx';
import classes from './shell-navigation.module.css';
import { useAccount } from './use-account.ts';

const icon = { size: 18, stroke: 1.8, 'aria-hidden': true } as const;

function spaceItems(spaceId: string): NavItem[] {
  const base = `/spaces/${spaceId}`;
  return [
    {
      label: 'Translations',
      to: `${base}/languages`,
      icon: <IconLanguage {...icon} />,
      activeOn: [`${base}/languages`, `${base}/content`],
    },
    { label: 'Glossary', to: `${base}/glossary`, icon: <IconBook {...icon} /> },
    { label: 'Users', to: `${base}/users`, icon: <IconUsers {...icon} /> },
    { label: 'Settings', to: `${base}/settings`, icon: <IconSettings {...icon} /> },
  ];
}

/** Inside a space: back to the list, the space switcher (joined spaces only), and the space's screens. */
export function SpaceNavigation({ spaceId }: { spaceId: string }) {
  const account = useAccount();
  const navigate = useNavigate();
  const joined = account.spaces.filter((space) => space.pivot.status === 'joined');
  const current = joined.find((space) => String(space.id) === spaceId);
  return (
    <nav aria-label="Main" className={classes.list}>
      <ShellNavLink item={{ label: 'Back to spaces', to: '/', icon: <IconArrowLeft {...icon} />, activeOn: [] }} />
      <div className={classes.section}>Space</div>
      <Select
        aria-label="Space"
        placeholder="Select a space"
        data={joined.map((space) => ({ value: String(space.id), label: space.name }))}
        value={current ? String(current.id) : null}
        onChange={(value) => {
          if (value) void navigate(`/spaces/${value}/languages`);
        }}
        allowDeselect={false}
        searchable={joined.length > 8}
        nothingFoundMessage="No space of that name"
        checkIconPosition="right"
        mb="xs"
      />
      {current && spaceItems(spaceId).map((item) => <ShellNavLink key={item.to} item={item} />)}
    </nav>
  );
}
