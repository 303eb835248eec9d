import type { Endpoint } from '#contract/endpoint.ts';
import { AUTH_BASE_PATH, methodsOf, routes } from '#contract/routes.ts';
import { createRandom } from '#tests/fakes/storyblok/random.ts';
import { fieldVariants } from './hostile-fields.ts';
import {
  draftOf,
  render,
  type CorpusOptions,
  type HostileRequest,
  type RouteCase,
  type VariantContext,
} from './hostile-request.ts';
import { transportVariants } from './hostile-transport.ts';

/**
 * Every hostile variant of every case: the case's request for each caller, then each field of the contract made
 * hostile one at a time, then what goes wrong before a field is read. Each variant is sent by a caller the seed
 * picks, so one seed always builds the same corpus.
 */
export function buildCorpus(
  cases: readonly RouteCase[],
  endpoints: Readonly<Record<string, Endpoint>>,
  options: CorpusOptions,
): HostileRequest[] {
  const random = createRandom(options.seed);
  return cases.flatMap((routeCase) => {
    const route = routes[routeCase.route];
    const requests: HostileRequest[] = [];
    const context: VariantContext = {
      routeCase,
      endpoint: endpoints[routeCase.route],
      options,
      random,
      pick: () => random.pick(options.callers),
      draftFor: (caller, field) => {
        const refused = routeCase.refusedElsewhere;
        return draftOf(field && refused?.fields.includes(field) ? refused.base(caller) : routeCase.base(caller));
      },
      add: (label, caller, draft, overrides = {}) => {
        const request = render(route.path, overrides.method ?? methodsOf(route)[0]!, draft, overrides.path);
        // GoTrue answers its older error shape unless the client names an API version: both are checked.
        if (route.path.startsWith(`${AUTH_BASE_PATH}/`) && random.chance(0.5)) {
          request.headers['x-supabase-api-version'] = '2024-01-01';
        }
        requests.push({ ...request, label, route: routeCase.name ?? routeCase.route, caller });
      },
    };
    for (const caller of options.callers) context.add('base', caller, context.draftFor(caller));
    fieldVariants(context);
    transportVariants(context);
    return requests;
  });
}
