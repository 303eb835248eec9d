import { Tabs } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithKit } from '../testing/render-kit.tsx';
import { CountTabList, type CountTab } from './count-tab-list.tsx';

type Name = 'all' | 'todo';

const tabs: CountTab<Name>[] = [
  { value: 'all', label: 'All', count: 1204 },
  { value: 'todo', label: 'To do', count: 3 },
];

/** The badge of the tab with this accessible name (its label followed by its count). */
function badgeOf(tabName: string): Element | null {
  return screen.getByRole('tab', { name: tabName }).querySelector('.mantine-Badge-root');
}

describe('CountTabList', () => {
  it('shows each tab with its count, the active one filled in the brand colour', () => {
    renderWithKit(
      <Tabs value="todo">
        <CountTabList tabs={tabs} active="todo" />
      </Tabs>,
    );

    expect(screen.getByRole('tab', { name: 'All1,204' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tab', { name: 'To do3' })).toHaveAttribute('aria-selected', 'true');
    expect(badgeOf('To do3')).toHaveAttribute('data-variant', 'filled');
    expect(badgeOf('All1,204')).toHaveAttribute('data-variant', 'light');
    expect(badgeOf('All1,204')).not.toHaveAttribute('data-testid');
  });

  it('takes colours, round badges for small counts, test ids and more items in the list', () => {
    renderWithKit(
      <Tabs value="all">
        <CountTabList
          tabs={tabs}
          active="all"
          badgeColor={({ value }) => (value === 'todo' ? 'red' : 'gray')}
          circle
          badgeTestIdPrefix="count-"
        >
          <span>after the tabs</span>
        </CountTabList>
      </Tabs>,
    );

    expect(screen.getByTestId('count-todo')).toHaveTextContent('3');
    expect(screen.getByTestId('count-todo')).toHaveAttribute('data-circle', 'true');
    expect(screen.getByTestId('count-all')).not.toHaveAttribute('data-circle');
    expect(screen.getByTestId('count-todo').getAttribute('style')).toContain('red');
    expect(screen.getByText('after the tabs')).toBeVisible();
  });
});
