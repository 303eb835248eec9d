import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Endpoint } from '#contract/endpoint.ts';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const browserRoots = ['app', 'extension', 'plugin'];
const contractDir = path.join(repoRoot, 'server/contract');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

async function contractEndpoints(): Promise<Map<string, Endpoint>> {
  const endpoints = new Map<string, Endpoint>();
  for (const file of readdirSync(contractDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const module = (await import(path.join(contractDir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      const candidate = value as Partial<Endpoint> | null;
      if (candidate && typeof candidate === 'object' && 'method' in candidate && 'path' in candidate) {
        endpoints.set(name, candidate as Endpoint);
      }
    }
  }
  return endpoints;
}

/** `endpointRef<typeof name>('METHOD', '/path')`, however Prettier wrapped it. */
const refCall = /endpointRef<typeof\s+(\w+)>\(\s*'([A-Z]+)',\s*'([^']+)',?\s*\)/g;

describe('endpoint references in the browser code', () => {
  it('name a contract endpoint with its exact method and path', async () => {
    const endpoints = await contractEndpoints();
    const refs: Array<{ file: string; name: string; method: string; path: string }> = [];
    let callCount = 0;
    for (const root of browserRoots) {
      for (const file of sourceFiles(path.join(repoRoot, root))) {
        if (file.endsWith(`${path.sep}endpoint-ref.ts`)) continue;
        const text = readFileSync(file, 'utf8');
        callCount += (text.match(/endpointRef</g) ?? []).length;
        for (const match of text.matchAll(refCall)) {
          refs.push({ file: path.relative(repoRoot, file), name: match[1]!, method: match[2]!, path: match[3]! });
        }
      }
    }
    // Every call is of the checked form, so none escapes the comparison below.
    expect(refs.length).toBe(callCount);
    expect(refs.length).toBeGreaterThan(0);
    const mismatches = refs.filter((ref) => {
      const endpoint = endpoints.get(ref.name);
      return !endpoint || endpoint.method !== ref.method || endpoint.path !== ref.path;
    });
    expect(mismatches).toEqual([]);
  });
});
