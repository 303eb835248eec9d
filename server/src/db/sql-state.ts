/**
 * The SQLSTATE of a failed query (https://www.postgresql.org/docs/current/errcodes-appendix.html), wherever the
 * driver put it: Prisma keeps the driver adapter's error under `meta` (its own `code` is a Prisma code such as
 * P2002), and pg's own errors carry it as `code`. Null when the database did not answer with one.
 */
export function sqlStateOf(error: unknown): string | null {
  const candidate = error as {
    name?: unknown;
    code?: unknown;
    meta?: { code?: unknown; driverAdapterError?: { cause?: { code?: unknown; originalCode?: unknown } } };
  } | null;
  const cause = candidate?.meta?.driverAdapterError?.cause;
  const prisma = typeof candidate?.name === 'string' && candidate.name.startsWith('PrismaClient');
  const codes = prisma ? [cause?.originalCode, cause?.code, candidate?.meta?.code] : [candidate?.code];
  for (const code of codes) {
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

/** Prisma's own refusals of a value before it reaches the database: too long, invalid, out of range. */
const prismaDataCodes = new Set(['P2000', 'P2007', 'P2020', 'P2033']);

export function isPrismaDataError(error: unknown): boolean {
  const candidate = error as { name?: unknown; code?: unknown } | null;
  return candidate?.name === 'PrismaClientKnownRequestError' && prismaDataCodes.has(String(candidate.code));
}
