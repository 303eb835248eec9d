import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { allowedAddresses, type HookTargetPolicy } from './hook-address.ts';

/** A receiver that does not answer within this long counts as a failed attempt (retried later). */
export const HOOK_TIMEOUT_MS = 10_000;

export type PostOutcome = { delivered: boolean; statusCode: number | null; error: string | null };

/**
 * Posts one delivery. The host name is resolved and checked here, at the moment of sending, and the connection
 * goes to the very addresses checked (a name that pointed elsewhere at registration, or changes between a check
 * and a connect, cannot reach a private address in production). 2xx is delivered; anything else, a redirect
 * included (it is not followed), is a failure with the reason kept for the deliveries list.
 */
export async function postHook(
  target: string,
  body: string,
  headers: Record<string, string>,
  policy: HookTargetPolicy,
): Promise<PostOutcome> {
  const url = new URL(target);
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = await allowedAddresses(url.hostname, policy);
  } catch (error) {
    return { delivered: false, statusCode: null, error: messageOf(error) };
  }
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
  return new Promise<PostOutcome>((resolve) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': Buffer.byteLength(body).toString() },
        lookup,
        timeout: HOOK_TIMEOUT_MS,
        signal: AbortSignal.timeout(HOOK_TIMEOUT_MS),
      },
      (response) => {
        const statusCode = response.statusCode ?? 0;
        // The answer's body is not needed: read and dropped so the socket is freed.
        response.resume();
        response.on('end', () => {
          const delivered = statusCode >= 200 && statusCode < 300;
          resolve({ delivered, statusCode, error: delivered ? null : `The receiver answered ${statusCode}.` });
        });
        response.on('error', (error) => resolve({ delivered: false, statusCode, error: messageOf(error) }));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`No answer within ${HOOK_TIMEOUT_MS / 1000} seconds.`)));
    request.on('error', (error) => resolve({ delivered: false, statusCode: null, error: messageOf(error) }));
    request.end(body);
  });
}

function messageOf(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError')
      return `No answer within ${HOOK_TIMEOUT_MS / 1000} seconds.`;
    return error.message.slice(0, 500);
  }
  return 'The receiver could not be reached.';
}
