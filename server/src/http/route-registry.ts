import { describeRoute, routes, type Route } from '#contract/routes.ts';
import type { Endpoint } from '#contract/endpoint.ts';

const table: Readonly<Record<string, Route>> = routes;

/** How a route is authenticated: what the API's document says of it. */
export interface RouteAccess {
  /** False for a public route. */
  signedIn: boolean;
  /** Whether a personal API token is accepted (a session's bearer token always is, on a signed-in route). */
  apiTokens: boolean;
}

/**
 * Which routes of the table the binders have bound. Binding one twice fails at once; `assertComplete`, called
 * when the app is built, fails the start naming each JSON route nobody bound. Endpoints outside the table (the
 * tests' own) are not counted.
 */
export class RouteRegistry {
  private readonly bound = new Map<string, RouteAccess>();

  record(endpoint: Endpoint, access: RouteAccess = { signedIn: true, apiTokens: false }): void {
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
    this.bound.set(endpoint.name, access);
  }

  /** Who may call a bound route of the table, as its binder set it up; undefined for a route not bound. */
  accessOf(name: string): RouteAccess | undefined {
    return this.bound.get(name);
  }

  assertComplete(): void {
    const missing = Object.entries(table)
      .filter(([name, route]) => !route.navigation && !this.bound.has(name))
      .map(([name, route]) => `${name} (${describeRoute(route)})`);
    if (missing.length > 0) throw new Error(`Routes of the table that no handler is bound to: ${missing.join(', ')}`);
  }
}
