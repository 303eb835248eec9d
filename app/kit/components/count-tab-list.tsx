import { Badge, Tabs, type MantineColor, type TabsListProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatCount } from '../format/format.ts';

export interface CountTab<T extends string> {
  value: T;
  label: string;
  count: number;
}

export interface CountTabListProps<T extends string> extends Omit<TabsListProps, 'children'> {
  tabs: readonly CountTab<T>[];
  /** The tab shown: its badge is filled, the others light. */
  active: T;
  /** The badge's colour; by default the brand's for the active tab and grey for the others. */
  badgeColor?: (tab: CountTab<T>, active: boolean) => MantineColor;
  /** Counts below 10 in round badges, so that one digit does not sit in a stretched pill. */
  circle?: boolean;
  /** Gives each badge the test id `<prefix><value>`. */
  badgeTestIdPrefix?: string;
  /** Shown after the tabs, inside the list. */
  children?: ReactNode;
}

const brandWhenActive = (_tab: unknown, active: boolean): MantineColor => (active ? 'brand' : 'gray');

/** The list of a Tabs whose tabs each show how many items they hold, in a badge beside the label. */
export function CountTabList<T extends string>({
  tabs,
  active,
  badgeColor = brandWhenActive,
  circle = false,
  badgeTestIdPrefix,
  children,
  ...listProps
}: CountTabListProps<T>) {
  return (
    <Tabs.List {...listProps}>
      {tabs.map((tab) => (
        <Tabs.Tab
          key={tab.value}
          value={tab.value}
          rightSection={
            <Badge
              size="sm"
              variant={tab.value === active ? 'filled' : 'light'}
              color={badgeColor(tab, tab.value === active)}
              circle={circle && tab.count < 10}
              data-testid={badgeTestIdPrefix === undefined ? undefined : `${badgeTestIdPrefix}${tab.value}`}
            >
              {formatCount(tab.count)}
            </Badge>
          }
        >
          {tab.label}
        </Tabs.Tab>
      ))}
      {children}
    </Tabs.List>
  );
}
