import { isConnectErrorCode, type ConnectErrorCode } from '#contract/connect-errors.ts';
import { isRecord } from './tool-message.ts';

/**
 * The sign-in popup's one message to the panel that opened it: the install's one-time code, or why there is
 * none. It travels between two Polyblok windows, so it is posted to and accepted from Polyblok's own origin only.
 */
export type ConnectMessage =
  { type: 'polyblok-connect'; code: string } | { type: 'polyblok-connect'; error: ConnectErrorCode };

/** The outcome the server put in the panel's URL (`?connect_code=` or `?connect_error=`); null when neither. */
export function connectOutcomeFromQuery(search: string): ConnectMessage | null {
  const query = new URLSearchParams(search);
  const code = query.get('connect_code');
  if (code) return { type: 'polyblok-connect', code };
  const error = query.get('connect_error');
  if (error !== null) return { type: 'polyblok-connect', error: isConnectErrorCode(error) ? error : 'failed' };
  return null;
}

export function readConnectMessage(data: unknown): ConnectMessage | null {
  if (!isRecord(data) || data.type !== 'polyblok-connect') return null;
  if (typeof data.code === 'string' && data.code.length > 0 && data.code.length <= 4096) {
    return { type: 'polyblok-connect', code: data.code };
  }
  if (isConnectErrorCode(data.error)) return { type: 'polyblok-connect', error: data.error };
  return null;
}
