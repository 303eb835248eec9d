import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateKeyEntry, parseKeyRing } from '../crypto/secret-box.ts';
import { resolveSecrets, secretsFileFor } from './secrets.ts';

let folder: string;

beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'polyblok-secrets-'));
});

afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
});

describe('resolveSecrets', () => {
  it('uses the environment as it is when both secrets are set', () => {
    const keyRing = parseKeyRing(generateKeyEntry('k1'));
    const resolved = resolveSecrets({ JWT_SECRET: 'x'.repeat(40), ENCRYPTION_KEYS: keyRing }, path.join(folder, 's'));
    expect(resolved).toEqual({ secrets: { jwtSecret: 'x'.repeat(40), keyRing }, notice: null });
  });

  it('generates the missing secrets once into a 0600 file and reuses them on the next start', () => {
    const file = path.join(folder, 'data', 'secrets.json');
    const first = resolveSecrets({}, file);
    expect(first.notice).toMatch(/^Generated JWT_SECRET and ENCRYPTION_KEYS into .*secrets\.json \(mode 0600\)/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.secrets.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.secrets.keyRing.current.key).toHaveLength(32);

    const second = resolveSecrets({}, file);
    expect(second.notice).toMatch(/^Using JWT_SECRET and ENCRYPTION_KEYS from /);
    expect(second.secrets.jwtSecret).toBe(first.secrets.jwtSecret);
    expect(second.secrets.keyRing.current.key.equals(first.secrets.keyRing.current.key)).toBe(true);
  });

  it('takes what the environment sets and only the rest from the file', () => {
    const file = path.join(folder, 'secrets.json');
    const generated = resolveSecrets({}, file);
    const resolved = resolveSecrets({ JWT_SECRET: 'y'.repeat(32) }, file);
    expect(resolved.secrets.jwtSecret).toBe('y'.repeat(32));
    expect(resolved.secrets.keyRing.current.key.equals(generated.secrets.keyRing.current.key)).toBe(true);
    expect(resolved.notice).toBe(`Using ENCRYPTION_KEYS from ${file}.`);
  });

  it('keeps generated secrets in memory only for an in-memory database', () => {
    const resolved = resolveSecrets({}, null);
    expect(resolved.notice).toMatch(/in memory/);
    expect(resolveSecrets({}, null).secrets.jwtSecret).not.toBe(resolved.secrets.jwtSecret);
  });

  it('names a damaged file instead of replacing it', () => {
    const file = path.join(folder, 'secrets.json');
    writeFileSync(file, '{ nope');
    expect(() => resolveSecrets({}, file)).toThrow(/secrets\.json is not valid JSON/);
    expect(readFileSync(file, 'utf8')).toBe('{ nope');
  });
});

describe('secretsFileFor', () => {
  it('puts the file beside the embedded database, in data/ for PostgreSQL, nowhere for memory', () => {
    expect(secretsFileFor({ kind: 'pglite', dataDir: 'data/pglite' })).toBe(path.join('data', 'secrets.json'));
    expect(secretsFileFor({ kind: 'pglite', dataDir: '/srv/pb/db' })).toBe('/srv/pb/secrets.json');
    expect(secretsFileFor({ kind: 'postgres', url: 'postgres://h/db' })).toBe(path.join('data', 'secrets.json'));
    expect(secretsFileFor({ kind: 'pglite', dataDir: null })).toBeNull();
  });
});
