/** Rows written per statement: big stories (tens of thousands of keys) go in many short statements. */
export const IMPORT_BATCH = 500;

export function chunks<T>(items: T[], size = IMPORT_BATCH): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}
