import { createHash } from 'node:crypto';
import type { Steps } from '../time-slices.ts';

/** JSON with object keys sorted, so the same value always serialises the same way whatever its key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${sortedEntries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function sortedEntries(value: object): Array<[string, unknown]> {
  return Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

const digest = (hash: ReturnType<typeof createHash>) => hash.digest('hex').slice(0, 32);

/** The hash of a source value (128 bits of SHA-256, hex): a translation verified against another hash is outdated. */
export function contentHash(value: unknown): string {
  const text = typeof value === 'string' ? value : canonicalJson(value);
  return digest(createHash('sha256').update(text));
}

/**
 * The same hash as steps, for a whole story: the canonical JSON is fed to the hash piece by piece, with a pause
 * point after every object, so a story of megabytes can be hashed without holding the server.
 */
export function* contentHashSteps(value: unknown): Steps<string> {
  if (typeof value === 'string') return contentHash(value);
  const hash = createHash('sha256');
  let pending = '';
  const write = (text: string) => {
    pending += text;
    if (pending.length >= 1 << 16) {
      hash.update(pending);
      pending = '';
    }
  };
  yield* writeCanonical(value, write);
  hash.update(pending);
  return digest(hash);
}

function* writeCanonical(value: unknown, write: (text: string) => void): Steps<void> {
  if (Array.isArray(value)) {
    write('[');
    for (let index = 0; index < value.length; index += 1) {
      if (index > 0) write(',');
      yield* writeCanonical(value[index], write);
    }
    write(']');
    return;
  }
  if (value !== null && typeof value === 'object') {
    write('{');
    let first = true;
    for (const [key, item] of sortedEntries(value)) {
      write(`${first ? '' : ','}${JSON.stringify(key)}:`);
      first = false;
      yield* writeCanonical(item, write);
    }
    write('}');
    yield;
    return;
  }
  write(JSON.stringify(value ?? null));
}
