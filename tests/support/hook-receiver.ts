import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  headers: IncomingMessage['headers'];
  /** The body exactly as it arrived, for checking the signature. */
  raw: string;
  body: { id: string; type: string; created_at: string; space: { id: number; name: string }; data: unknown };
  answered: boolean;
}

/**
 * A team's webhook receiver on loopback: it keeps every request, and answers each with the next status queued
 * (200 once none is), or holds it until the test lets it go.
 */
export async function startHookReceiver() {
  const received: ReceivedHook[] = [];
  const statuses: number[] = [];
  const held: Array<{ hook: ReceivedHook; response: ServerResponse }> = [];
  let holding = false;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const hook: ReceivedHook = { headers: request.headers, raw, body: JSON.parse(raw), answered: false };
      received.push(hook);
      if (holding) {
        held.push({ hook, response });
        return;
      }
      hook.answered = true;
      response.writeHead(statuses.shift() ?? 200).end('ok');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/polyblok`,
    received,
    /** The next requests are answered with these statuses, in order. */
    answerWith(...codes: number[]) {
      statuses.push(...codes);
    },
    /** Holds every request from now on until `release`. */
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const { hook, response } of held.splice(0)) {
        hook.answered = true;
        response.writeHead(200).end('ok');
      }
    },
    /** Waits for a request of this event type beyond the first `after` of them. */
    async next(type: string, after = 0, timeoutMs = 20_000): Promise<ReceivedHook> {
      const started = Date.now();
      for (;;) {
        const found = received.filter((hook) => hook.body.type === type)[after];
        if (found) return found;
        if (Date.now() - started > timeoutMs) throw new Error(`no ${type} event arrived`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    ofType: (type: string) => received.filter((hook) => hook.body.type === type),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type HookReceiver = Awaited<ReturnType<typeof startHookReceiver>>;
