import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableStatistics } from '#server/features/sync/table-statistics.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

/** How often PostgreSQL's statistics of the translations were refreshed by hand. */
async function analyzed(): Promise<number> {
  const [row] = await server.prisma.$queryRaw<Array<{ count: number }>>`
    SELECT coalesce(analyze_count, 0)::int AS count FROM pg_stat_user_tables WHERE relname = 'translations'`;
  return row?.count ?? 0;
}

describe('the statistics a sync keeps of the tables it fills', () => {
  it('are refreshed once the sync added 1,000 rows, and then after a tenth of what the tables hold', async () => {
    const statistics = tableStatistics(server.prisma);
    const before = await analyzed();
    await statistics.grew(600);
    await statistics.grew(399);
    expect(await analyzed()).toBe(before);
    await statistics.grew(1);
    await expect.poll(analyzed).toBe(before + 1);
    // The tables are nearly empty here: the next refresh is due after 1,000 rows again.
    await statistics.grew(999);
    expect(await analyzed()).toBe(before + 1);
  });
});
