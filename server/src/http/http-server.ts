import { createServer, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';

/**
 * How long an idle keep-alive connection stays open: longer than the reverse proxies and load balancers in
 * front of Polyblok keep theirs (nginx 60 s, most cloud balancers 60 s), and than clients do (4 s for Node's
 * fetch). Whoever reuses a connection is then always the side that closes it, never the one surprised by a reset
 * when a request goes out on a connection the server has just closed.
 */
const KEEP_ALIVE_MS = 65_000;

/** The server's HTTP listener: plain, or HTTPS with the given certificate. */
export function createHttpServer(tls?: { cert: Buffer; key: Buffer }): Server {
  const server = tls ? createTlsServer(tls) : createServer();
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Node wants a request's headers within this, which must outlast the idle wait it may follow.
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return server;
}
