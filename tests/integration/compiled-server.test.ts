import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledServerEntry, projectRoot } from '#server/paths.ts';
import { startServerProcess, type ServerProcess } from '#tests/support/server-process.ts';

// What `npm start` and the container run: the server compiled by `npm run build:server`, under plain node.
let server: ServerProcess | undefined;

beforeAll(() => {
  execFileSync('npm', ['run', 'build:server', '--silent'], { cwd: projectRoot, stdio: 'pipe' });
}, 120_000);

afterAll(async () => {
  await server?.stop('SIGTERM');
});

describe('the compiled server', () => {
  it('is JavaScript that imports no TypeScript and no tsx', () => {
    const folder = compiledServerEntry.replace(/main\.js$/, '');
    const files = readdirSync(folder).filter((file) => file.endsWith('.js'));
    expect(files).toEqual(expect.arrayContaining(['main.js', 'migrate-cli.js']));
    for (const file of files) {
      const code = readFileSync(`${folder}${file}`, 'utf8');
      expect(code, file).not.toMatch(/from ["'][^"']*\.ts["']/);
      expect(code, file).not.toMatch(/["']tsx["']/);
    }
  });

  it('starts under plain node, migrates, answers health and the API, and stops on SIGTERM', async () => {
    // NODE_OPTIONS could load tsx behind the command line's back: the process gets none.
    server = await startServerProcess({ DATABASE_URL: 'memory://', NODE_OPTIONS: '' }, 90_000, [compiledServerEntry]);
    const commandLine = readFileSync(`/proc/${server.child.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    expect(commandLine).toEqual([process.execPath, compiledServerEntry]);
    expect(server.output()).toMatch(/Applied migrations: \d{14}_init/);

    const health = await fetch(`${server.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: { status: 'up', kind: 'pglite' } });

    // A sign-in for an unknown address goes through the auth API, the database and the password hashing.
    const signIn = await fetch(`${server.baseUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'not the password' }),
    });
    expect(signIn.status).toBe(400);
    expect(await signIn.json()).toMatchObject({ error_code: 'invalid_credentials' });
    const me = await fetch(`${server.baseUrl}/api/me`);
    expect(me.status).toBe(401);
    expect((await me.json()).code).toBeTruthy();

    expect(await server.stop('SIGTERM')).toBe(0);
    expect(server.output()).toContain('Polyblok stopped.');
    server = undefined;
  }, 120_000);
});
