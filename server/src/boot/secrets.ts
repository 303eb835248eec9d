import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateKeyEntry, parseKeyRing, type KeyRing } from '../crypto/secret-box.ts';
import type { DatabaseTarget } from '../db/driver.ts';
import type { Env } from '../env.ts';

/** The server's own keys: access tokens are signed with one, stored secrets are sealed with the other. */
export interface ServerSecrets {
  jwtSecret: string;
  keyRing: KeyRing;
}

export interface ResolvedSecrets {
  secrets: ServerSecrets;
  /** One line for the start-up output when something was generated or read from the file; null otherwise. */
  notice: string | null;
}

interface SecretsFile {
  JWT_SECRET?: string;
  ENCRYPTION_KEYS?: string;
}

/**
 * Where generated secrets are kept: beside the embedded database (data/secrets.json by default), in data/
 * for PostgreSQL, and nowhere for an in-memory database, whose data dies with the process anyway.
 */
export function secretsFileFor(target: DatabaseTarget): string | null {
  if (target.kind === 'postgres') return path.join('data', 'secrets.json');
  if (target.dataDir === null) return null;
  return path.join(path.dirname(target.dataDir), 'secrets.json');
}

export function generateJwtSecret(): string {
  return randomBytes(48).toString('base64url');
}

/**
 * Secrets never have defaults in the code (a default would end up deployed). Those not in the environment
 * are generated once and kept in the secrets file with mode 0600, so sessions and sealed values survive a
 * restart. Production never gets here without both: env.ts refuses to start.
 */
export function resolveSecrets(
  env: Partial<Pick<Env, 'JWT_SECRET' | 'ENCRYPTION_KEYS'>>,
  file: string | null,
): ResolvedSecrets {
  const missing = [
    ...(env.JWT_SECRET ? [] : ['JWT_SECRET']),
    ...(env.ENCRYPTION_KEYS ? [] : ['ENCRYPTION_KEYS']),
  ] as Array<keyof SecretsFile>;
  if (missing.length === 0) {
    return { secrets: { jwtSecret: env.JWT_SECRET!, keyRing: env.ENCRYPTION_KEYS! }, notice: null };
  }
  const names = missing.join(' and ');
  let stored: SecretsFile = {};
  let notice: string;
  if (file === null) {
    stored = { JWT_SECRET: generateJwtSecret(), ENCRYPTION_KEYS: generateKeyEntry('v1') };
    notice = `Generated ${names} in memory: they end with the process, like the in-memory database.`;
  } else {
    stored = readSecretsFile(file);
    const toGenerate = missing.filter((name) => !stored[name]);
    if (toGenerate.length > 0) {
      if (!stored.JWT_SECRET) stored.JWT_SECRET = generateJwtSecret();
      if (!stored.ENCRYPTION_KEYS) stored.ENCRYPTION_KEYS = generateKeyEntry('v1');
      writeSecretsFile(file, stored);
      notice = `Generated ${toGenerate.join(' and ')} into ${file} (mode 0600); set them in the environment for production.`;
    } else {
      notice = `Using ${names} from ${file}.`;
    }
  }
  let keyRing = env.ENCRYPTION_KEYS;
  if (!keyRing) {
    try {
      keyRing = parseKeyRing(stored.ENCRYPTION_KEYS!);
    } catch (error) {
      throw new Error(`ENCRYPTION_KEYS in ${file}: ${(error as Error).message}`, { cause: error });
    }
  }
  return { secrets: { jwtSecret: env.JWT_SECRET ?? stored.JWT_SECRET!, keyRing }, notice };
}

function readSecretsFile(file: string): SecretsFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new Error(`Cannot read ${file}: ${(error as Error).message}`, { cause: error });
  }
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    const { JWT_SECRET, ENCRYPTION_KEYS } = parsed as Record<string, unknown>;
    return {
      ...(typeof JWT_SECRET === 'string' && JWT_SECRET.length >= 32 ? { JWT_SECRET } : {}),
      ...(typeof ENCRYPTION_KEYS === 'string' && ENCRYPTION_KEYS ? { ENCRYPTION_KEYS } : {}),
    };
  } catch (error) {
    throw new Error(`${file} is not valid JSON; fix or remove it (${(error as Error).message})`, { cause: error });
  }
}

function writeSecretsFile(file: string, secrets: SecretsFile): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  // The mode above applies only when the file is created; an existing file is tightened too.
  chmodSync(file, 0o600);
}
