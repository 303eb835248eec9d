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

/** Reads rows in pages by ascending id (`page` answers the rows after an id), giving way between pages. */
export async function readInPages<T extends { id: number }>(
  page: (afterId: number, take: number) => Promise<T[]>,
  size = READ_PAGE,
): Promise<T[]> {
  const rows: T[] = [];
  for (let afterId = 0; ;) {
    const next = await page(afterId, size);
    rows.push(...next);
    if (next.length < size) return rows;
    afterId = next[next.length - 1]!.id;
    await breathe();
  }
}
