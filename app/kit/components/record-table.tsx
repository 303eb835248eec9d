import { Group, Table, VisuallyHidden, type MantineSpacing, type TableThProps } from '@mantine/core';
import type { Key, ReactNode } from 'react';

export interface RecordTableColumn {
  header: ReactNode;
  width?: TableThProps['w'];
}

export interface RecordTableActions<R> {
  width: TableThProps['w'];
  gap: MantineSpacing;
  /** The row's buttons and menus. */
  render: (row: R) => ReactNode;
}

export interface RecordTableProps<R> {
  /** The table's accessible name. */
  label: string;
  /** Below this width the table scrolls sideways rather than squeezing its columns. */
  minWidth: number;
  columns: readonly RecordTableColumn[];
  rows: readonly R[];
  rowKey: (row: R) => Key;
  /** A row's cells: one Table.Td per column. */
  cells: (row: R) => ReactNode;
  /** Buttons at the end of each row, under a heading only screen readers announce; none, no such column. */
  actions?: RecordTableActions<R> | undefined;
}

/** A table of records, one per row, with the records' actions at the right end of their row. */
export function RecordTable<R>({ label, minWidth, columns, rows, rowKey, cells, actions }: RecordTableProps<R>) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, index) => (
              <Table.Th key={index} w={column.width}>
                {column.header}
              </Table.Th>
            ))}
            {actions && (
              <Table.Th w={actions.width}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {cells(row)}
              {actions && (
                <Table.Td>
                  <Group gap={actions.gap} justify="flex-end" wrap="nowrap">
                    {actions.render(row)}
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
