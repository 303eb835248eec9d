import type { PanelSpace } from '#contract/connect.ts';
import { connectOutcomeFromQuery } from '../protocol/connect-message.ts';
import { PENDING_VERIFIER_KEY, SignInError, type ExchangeCode } from './panel-sign-in.ts';

export type ConnectReturn =
  /** Not the end of a sign-in: the panel starts as usual. */
  | { kind: 'none' }
  /** The sign-in popup handed its outcome to the panel that opened it and closes. */
  | { kind: 'handed-over' }
  | { kind: 'signed-in'; space: PanelSpace }
  | { kind: 'failed'; error: unknown };

export interface ReturnWindow {
  location: { search: string; origin: string; pathname: string };
  opener: { postMessage(message: unknown, targetOrigin: string): void } | null;
  history: { replaceState(data: unknown, unused: string, url: string): void };
  close(): void;
}

/**
 * What to do when /extension/ opens as the end of an install (`?connect_code=` or `?connect_error=`). In the
 * popup, the outcome goes to the opener, at Polyblok's own origin only, and the popup closes. When the flow ran
 * in the panel's frame itself, the panel trades the code with the verifier it left in storage. The code leaves
 * the address bar either way.
 */
export async function handleConnectReturn(deps: {
  window: ReturnWindow;
  storage: {
    getItem(key: string): string | null | Promise<string | null>;
    removeItem(key: string): void | Promise<void>;
  };
  exchange: ExchangeCode;
}): Promise<ConnectReturn> {
  const { window: host } = deps;
  const outcome = connectOutcomeFromQuery(host.location.search);
  if (!outcome) return { kind: 'none' };
  if (host.opener) {
    host.opener.postMessage(outcome, host.location.origin);
    host.close();
    return { kind: 'handed-over' };
  }
  host.history.replaceState(null, '', host.location.pathname);
  const verifier = await deps.storage.getItem(PENDING_VERIFIER_KEY);
  await deps.storage.removeItem(PENDING_VERIFIER_KEY);
  if ('error' in outcome) return { kind: 'failed', error: new SignInError(outcome.error) };
  if (!verifier) return { kind: 'failed', error: new SignInError('session_lost') };
  return { kind: 'signed-in', space: await deps.exchange(outcome.code, verifier) };
}
