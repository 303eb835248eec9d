import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDriver } from '#server/db/driver.ts';
import { createPrisma } from '#server/db/prisma.ts';
import { runServerToExit, startServerProcess } from '#tests/support/server-process.ts';

// The real entry point as `npm start` runs it (the front-end build that npm start does first is not this
// file's concern; the served pages are covered end to end).
let folder: string;

beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'polyblok-server-'));
});

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

describe('npm start on the embedded database', () => {
  it('migrates, answers, stops on SIGTERM, and keeps its data across a restart', async () => {
    const env = { DATABASE_URL: `file:${path.join(folder, 'pglite')}` };
    const first = await startServerProcess(env);
    expect(first.output()).toMatch(/Applied migrations: \d{14}_init/);
    const health = await fetch(`${first.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: { status: 'up', kind: 'pglite' } });

    const second = await runServerToExit(env);
    expect(second.code).toBe(1);
    expect(second.output).toMatch(/is in use by process \d+/);

    expect(await first.stop('SIGTERM')).toBe(0);
    expect(first.output()).toContain('Polyblok stopped.');

    const driver = await openDriver({ kind: 'pglite', dataDir: path.join(folder, 'pglite') });
    const prisma = createPrisma(driver);
    await prisma.user.create({ data: { email: 'kept@example.com', name: 'Kept' } });
    await prisma.$disconnect();
    await driver.close();

    const restarted = await startServerProcess(env);
    expect(restarted.output()).not.toContain('Applied migrations');
    expect((await fetch(`${restarted.baseUrl}/api/health`)).status).toBe(200);
    expect(await restarted.stop('SIGINT')).toBe(0);

    const reopened = await openDriver({ kind: 'pglite', dataDir: path.join(folder, 'pglite') });
    const check = createPrisma(reopened);
    expect(await check.user.findUnique({ where: { email: 'kept@example.com' }, select: { name: true } })).toEqual({
      name: 'Kept',
    });
    await check.$disconnect();
    await reopened.close();
  });
});

describe('a broken configuration', () => {
  it('stops the start with every bad variable named', async () => {
    const { code, output } = await runServerToExit({ DATABASE_URL: 'nonsense', PORT: 'abc', LOG_LEVEL: 'loud' });
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration');
    expect(output).toMatch(/DATABASE_URL: expected postgres:\/\/user@host:5432\/db, memory:\/\/ or file:<folder>/);
    expect(output).toMatch(/PORT: must be a port number from 0 to 65535/);
    expect(output).toMatch(/LOG_LEVEL: Invalid option/);
    expect(output).not.toContain('listening');
  });

  it('names the database when it cannot be reached', async () => {
    const { code, output } = await runServerToExit({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/polyblok' });
    expect(code).toBe(1);
    expect(output).toMatch(/Cannot prepare the database \(DATABASE_URL\)/);
  });
});
