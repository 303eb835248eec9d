import { Button, Table } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithKit } from '../testing/render-kit.tsx';
import { RecordTable } from './record-table.tsx';

const fruits = [
  { id: 1, name: 'Apple' },
  { id: 2, name: 'Pear' },
];

function renderFruits(withActions: boolean) {
  return renderWithKit(
    <RecordTable
      label="Fruits"
      minWidth={400}
      columns={[{ header: 'Name', width: '50%' }]}
      rows={fruits}
      rowKey={(fruit) => fruit.id}
      cells={(fruit) => <Table.Td>{fruit.name}</Table.Td>}
      actions={
        withActions
          ? { width: 80, gap: 'xs', render: (fruit) => <Button size="compact-sm">Eat {fruit.name}</Button> }
          : undefined
      }
    />,
  );
}

describe('RecordTable', () => {
  it('shows one row per record, with its actions under a heading only screen readers announce', () => {
    renderFruits(true);

    const table = screen.getByRole('table', { name: 'Fruits' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['Apple', 'Pear']);
    expect(within(rows[1]!).getByRole('button', { name: 'Eat Pear' })).toBeVisible();
  });

  it('has no actions column without actions', () => {
    renderFruits(false);

    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Name']);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
