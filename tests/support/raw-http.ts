import { Agent, request } from 'node:http';

export interface RawRequest {
  method: string;
  /** Sent exactly as written: malformed escapes and dot segments reach the server as they are (fetch would fix them). */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** A client that sends requests byte for byte, over a few kept-alive connections. */
export function rawClient(baseUrl: string, connections: number) {
  const { hostname, port } = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  return {
    send(raw: RawRequest, timeoutMs = 30_000): Promise<RawResponse> {
      return new Promise((resolve, reject) => {
        const headers: Record<string, string | number> = { ...raw.headers };
        if (raw.body) headers['content-length'] = raw.body.length;
        const outgoing = request(
          { host: hostname, port, method: raw.method, path: raw.path, headers, agent, timeout: timeoutMs },
          (incoming) => {
            const chunks: Buffer[] = [];
            incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
            incoming.on('end', () =>
              resolve({
                status: incoming.statusCode ?? 0,
                headers: incoming.headers,
                text: Buffer.concat(chunks).toString('utf8'),
              }),
            );
            incoming.on('error', reject);
          },
        );
        outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
        outgoing.on('error', reject);
        outgoing.end(raw.body);
      });
    },
    close: () => agent.destroy(),
  };
}

/**
 * Sends every request over a few connections at once and answers in the same order; a request that gets no
 * answer (the connection failed or timed out) has status 0.
 */
export async function sendAll(baseUrl: string, requests: readonly RawRequest[], connections: number) {
  const client = rawClient(baseUrl, connections);
  const answers: RawResponse[] = new Array(requests.length);
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const index = next++;
      answers[index] = await client
        .send(requests[index]!)
        .catch((error: unknown) => ({ status: 0, headers: {}, text: String(error) }));
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  client.close();
  return answers;
}
