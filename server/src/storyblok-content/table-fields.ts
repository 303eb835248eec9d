/**
 * Translatable table fields: `{ thead: [{ _uid, value }], tbody: [{ _uid, body: [{ _uid, value }] }] }`. Each
 * non-empty cell is a key of its own; a language's version (`prices__i18n__de`) is the whole table, with the same
 * rows and columns as the source.
 */

export interface TableCell {
  /** The cell's name inside its key: its `_uid`, or `h<column>` / `r<row>c<column>` for a cell without one. */
  name: string;
  /** 0 for the header, 1… for the body's rows. */
  row: number;
  /** 1… from the left. */
  column: number;
  value: string;
}

type Cell = Record<string, unknown> & { value?: unknown; _uid?: unknown };
type Row = Record<string, unknown> & { body?: unknown };
export type TableValue = Record<string, unknown> & { thead?: unknown; tbody?: unknown };

export const tableCellFieldType = 'special_polyblok_table_cell';

export const isTable = (value: unknown): value is TableValue =>
  !!value &&
  typeof value === 'object' &&
  (Array.isArray((value as TableValue).thead) || Array.isArray((value as TableValue).tbody));

const cellsOf = (items: unknown): Cell[] =>
  Array.isArray(items) ? items.filter((item): item is Cell => !!item && typeof item === 'object') : [];

/**
 * Every cell object of a table with where it sits and its name, empty cells included, in reading order. A cell
 * without a `_uid`, or with one another cell already has, is named by its place.
 */
function namedCells(table: TableValue): Array<{ cell: Cell; name: string; row: number; column: number }> {
  const placed: Array<{ cell: Cell; row: number; column: number }> = [];
  cellsOf(table.thead).forEach((cell, index) => placed.push({ cell, row: 0, column: index + 1 }));
  cellsOf(table.tbody).forEach((row, rowIndex) => {
    cellsOf((row as Row).body).forEach((cell, index) => placed.push({ cell, row: rowIndex + 1, column: index + 1 }));
  });
  const seen = new Set<string>();
  return placed.map(({ cell, row, column }) => {
    const place = row === 0 ? `h${column}` : `r${row}c${column}`;
    const uid = typeof cell._uid === 'string' && /^[\w-]+$/.test(cell._uid) ? cell._uid : null;
    const name = uid && !seen.has(uid) ? uid : place;
    seen.add(name);
    return { cell, name, row, column };
  });
}

/** The cells that hold text, in reading order. */
export function tableCells(value: unknown): TableCell[] {
  if (!isTable(value)) return [];
  return namedCells(value).flatMap(({ cell, name, row, column }) =>
    typeof cell.value === 'string' && cell.value.trim() !== '' ? [{ name, row, column, value: cell.value }] : [],
  );
}

/** A copy of the source table with the given cells' values replaced; every other cell keeps its source. */
export function tableWithCells(source: TableValue, values: ReadonlyMap<string, string>): TableValue {
  const copy = structuredClone(source);
  for (const { cell, name } of namedCells(copy)) {
    const value = values.get(name);
    if (value !== undefined) cell.value = value;
  }
  return copy;
}

/** The cell a key of a table field points at: the last part of the key. */
export const tableCellName = (key: string) => key.split(':')[3] ?? '';

/** A language's copy of a table with one cell changed: the source's rows and columns, the copy's other cells. */
export function tableFieldCopy(source: unknown, current: unknown, cell: string, text: string): unknown {
  if (!isTable(source)) return source;
  const values = new Map(tableCells(current).map((item) => [item.name, item.value]));
  values.set(cell, text);
  return tableWithCells(source, values);
}
