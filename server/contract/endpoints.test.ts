import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Endpoint } from './endpoint.ts';
import { endpoints } from './endpoints.ts';
import { routes, type Route } from './routes.ts';

const contractDir = fileURLToPath(new URL('.', import.meta.url));

/** Every endpoint object any contract file exports, by export name. */
async function exportedEndpoints(): Promise<Map<string, Endpoint>> {
  const found = new Map<string, Endpoint>();
  const files = readdirSync(contractDir, { recursive: true, encoding: 'utf8' });
  for (const file of files.filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
    if (file === 'endpoints.ts') continue;
    const module = (await import(new URL(file, import.meta.url).href)) as Record<string, unknown>;
    for (const [exported, value] of Object.entries(module)) {
      const candidate = value as Partial<Endpoint> | null;
      if (candidate && typeof candidate === 'object' && candidate.response instanceof z.ZodType) {
        found.set(exported, candidate as Endpoint);
      }
    }
  }
  return found;
}

describe('the route table and the contract endpoints', () => {
  const table = Object.entries(routes) as Array<[string, Route]>;

  it('give every JSON route an endpoint with its name, method and path', () => {
    const json = table.filter(([, route]) => !route.navigation);
    const map: Record<string, Endpoint> = endpoints;
    for (const [name, route] of json) {
      const endpoint = map[name];
      expect(endpoint, `endpoint of ${name}`).toBeDefined();
      expect({ name: endpoint!.name, method: endpoint!.method, path: endpoint!.path }).toEqual({
        name,
        method: route.method,
        path: route.path,
      });
    }
    expect(Object.keys(endpoints).sort()).toEqual(json.map(([name]) => name).sort());
  });

  it('have no endpoint outside the table, and none for a navigation', async () => {
    const exported = await exportedEndpoints();
    expect(exported.size).toBeGreaterThan(0);
    for (const [exportName, endpoint] of exported) {
      expect(endpoint.name, `${exportName} is exported under its table name`).toBe(exportName);
      expect(Object.values(endpoints), `${exportName} is in the endpoints map`).toContain(endpoint);
    }
    const navigations = table.filter(([, route]) => route.navigation).map(([name]) => name);
    expect(navigations.length).toBeGreaterThan(0);
    for (const name of navigations) expect(exported.has(name), name).toBe(false);
  });
});
