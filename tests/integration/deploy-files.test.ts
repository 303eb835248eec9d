import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from '#contract/routes.ts';
import { envVariableNames } from '#server/env.ts';
import { compiledServerEntry, projectRoot } from '#server/paths.ts';

// No image can be built or pulled here: these checks catch what would break a build or a start elsewhere.
const read = (file: string) => readFileSync(path.join(projectRoot, file), 'utf8');
const dockerfile = read('Dockerfile');
const compose = read('compose.yaml');
const manifest = JSON.parse(read('package.json')) as { scripts: Record<string, string>; engines: { node: string } };
const serverEntry = path.relative(projectRoot, compiledServerEntry);

/** The source of every COPY that reads from the build context (not from another stage). */
function contextCopies(): string[] {
  return [...dockerfile.matchAll(/^COPY (?!--from)(.+)$/gm)].flatMap((match) => {
    const parts = match[1]!.trim().split(/\s+/);
    return parts.slice(0, -1);
  });
}

/** Whether an engines range of `^x.y.z` and `>=x.y.z` parts accepts every release of a major version. */
function acceptsMajor(range: string, major: number): boolean {
  return range.split('||').some((part) => {
    const [, operator, least] = /^\s*(\^|>=)\s*(\d+)/.exec(part) ?? [];
    if (least === undefined) return false;
    return operator === '^' ? Number(least) === major : Number(least) <= major;
  });
}

describe('Dockerfile', () => {
  it('copies only files that exist and that .dockerignore lets through', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));
    const sources = contextCopies();
    expect(sources).toEqual(expect.arrayContaining(['package.json', 'package-lock.json', 'prisma/migrations']));
    for (const source of sources) {
      expect(existsSync(path.join(projectRoot, source)), source).toBe(true);
      expect(ignored, source).not.toContain(source.split('/')[0]);
    }
  });

  it('runs the compiled server with plain node, the same file as npm start, as a user that is not root', () => {
    expect(dockerfile).toMatch(new RegExp(`^CMD \\["node", "--enable-source-maps", "${serverEntry}"\\]$`, 'm'));
    expect(manifest.scripts.start).toBe(`node --enable-source-maps ${serverEntry}`);
    const users = [...dockerfile.matchAll(/^USER (\S+)$/gm)].map((match) => match[1]);
    expect(users.at(-1)).toBe('node');
    expect(dockerfile.lastIndexOf('USER node')).toBeLessThan(dockerfile.lastIndexOf('CMD '));
  });

  it('builds in a stage of its own and ships production dependencies only', () => {
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(3);
    expect(dockerfile).toMatch(/RUN npm ci --omit=dev/);
    expect(dockerfile).toMatch(/RUN npm run build/);
  });

  it('checks the health endpoint of the contract', () => {
    expect(dockerfile).toMatch(/^HEALTHCHECK /m);
    expect(dockerfile).toContain(`'${routes.getHealth.path}'`);
  });

  it('uses the current Node.js LTS, which engines accepts', () => {
    const major = Number(/ARG NODE_IMAGE=node:(\d+)-/.exec(dockerfile)?.[1]);
    expect(major).toBe(24);
    expect(acceptsMajor(manifest.engines.node, major)).toBe(true);
  });
});

describe('compose.yaml', () => {
  it('runs PostgreSQL, two web replicas and a worker behind the proxy config in the repository', () => {
    for (const service of ['postgres', 'web', 'worker', 'proxy'])
      expect(compose).toMatch(new RegExp(`^  ${service}:$`, 'm'));
    expect(compose).toMatch(/^ {6}POLYBLOK_ROLE: web$/m);
    expect(compose).toMatch(/^ {6}POLYBLOK_ROLE: worker$/m);
    expect(compose).toMatch(/^ {6}replicas: 2$/m);
    const mounted = /- \.\/(\S+):\/etc\/caddy\/Caddyfile:ro/.exec(compose)?.[1];
    expect(mounted && existsSync(path.join(projectRoot, mounted))).toBe(true);
    // The proxy finds the replicas by the service's name, on the port the image listens on.
    const port = /^ENV NODE_ENV=production \\\n\s+PORT=(\d+)$/m.exec(dockerfile)?.[1];
    expect(port).toBe('3000');
    expect(read(mounted!)).toMatch(new RegExp(`dynamic a web ${port} `));
  });

  it('sets only variables the server reads', () => {
    const block = compose.slice(compose.indexOf('environment: &polyblok-environment'), compose.indexOf('\nservices:'));
    const names = [...block.matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]!);
    expect(names).toEqual(expect.arrayContaining(['DATABASE_URL', 'JWT_SECRET', 'ENCRYPTION_KEYS', 'TRUST_PROXY']));
    // POLYBLOK_ROLE is set per service below; the server reads it once process roles are in.
    const known = new Set<string>(envVariableNames);
    expect(names.filter((name) => !known.has(name))).toEqual([]);
  });
});
