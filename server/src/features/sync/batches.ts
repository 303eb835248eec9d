/**
 * Rows written per statement: big stories (tens of thousands of keys) go in many short statements, each short
 * enough that the server stays responsive while it runs (on the embedded PGlite the database works on the
 * server's own thread).
 */
export const IMPORT_BATCH = 250;

export function chunks<T>(items: T[], size = IMPORT_BATCH): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/**
 * Lets the server answer what waits between two statements of a long import. The embedded database settles
 * its queries without giving way to the event loop, so without this a story of many batches would hold
 * every request until it is done.
 */
export function breathe(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Rows read per page where a story's rows may be tens of thousands. */
export const READ_PAGE = 2000;

/**
 * Reads rows in pages in the order of a unique column (`page` answers the rows after the `cursorOf` of the last
 * one, or the first ones for null), giving way between pages. The column should lead an index together with
 * what the rows are filtered by, so each page is a range of that index however big the table grows.
 */
export async function readInPages<T, C>(
  page: (after: C | null, take: number) => Promise<T[]>,
  cursorOf: (row: T) => C,
  size = READ_PAGE,
): Promise<T[]> {
  const rows: T[] = [];
  for (let after: C | null = null; ;) {
    const next = await page(after, size);
    rows.push(...next);
    if (next.length < size) return rows;
    after = cursorOf(next[next.length - 1]!);
    await breathe();
  }
}
