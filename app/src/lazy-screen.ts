import { lazy, type ComponentType } from 'react';

/**
 * A screen behind the account guard, code-split with React.lazy rather than the router's `lazy`:
 * the router downloads every matched route's lazy module at once, so a visitor sent to /login
 * would still fetch the shell; React.lazy fetches only what the guard actually renders.
 */
export function lazyScreen<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): ComponentType {
  return lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await load())[name] }));
}
