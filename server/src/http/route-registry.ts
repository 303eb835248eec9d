import { describeRoute, routes, type Route } from '#contract/routes.ts';
import type { Endpoint } from '#contract/endpoint.ts';

const table: Readonly<Record<string, Route>> = routes;

/**
 * Which routes of the table the binders have bound. Binding one twice fails at once; `assertComplete`, called
 * when the app is built, fails the start naming each JSON route nobody bound. Endpoints outside the table (the
 * tests' own) are not counted.
 */
export class RouteRegistry {
  private readonly bound = new Set<string>();

  record(endpoint: Endpoint): void {
    const route = table[endpoint.name];
    if (!route) return;
    if (describeRoute(route) !== describeRoute(endpoint)) {
      throw new Error(
        `Endpoint ${endpoint.name} is ${describeRoute(endpoint)}, the route table says ${describeRoute(route)}`,
      );
    }
    if (this.bound.has(endpoint.name)) {
      throw new Error(`Route ${endpoint.name} (${describeRoute(route)}) is bound twice`);
    }
    this.bound.add(endpoint.name);
  }

  assertComplete(): void {
    const missing = Object.entries(table)
      .filter(([name, route]) => !route.navigation && !this.bound.has(name))
      .map(([name, route]) => `${name} (${describeRoute(route)})`);
    if (missing.length > 0) throw new Error(`Routes of the table that no handler is bound to: ${missing.join(', ')}`);
  }
}
