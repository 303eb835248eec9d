import { AppError } from '../errors.ts';

/** How long a client is asked to wait before trying again while the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** What a client hears while the database cannot be reached, on the product API and the auth API alike. */
export function databaseUnavailable(): AppError<'database_unavailable'> {
  return new AppError(
    'database_unavailable',
    'Polyblok cannot reach its database right now, so nothing was changed. Please try again in a moment.',
    { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
  );
}

/** Connecting failed or the connection broke: the server is down, restarting, or out of reach. */
const socketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * SQLSTATEs of a server that is going away or not taking sessions: class 08 (connection exception), 57P01
 * admin_shutdown (pg_ctl stop), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or shutting down),
 * 53300 too_many_connections, and 57014 query_canceled, which the pool's statement_timeout raises for a
 * statement the server could not finish in time.
 */
const sqlStates = new Set(['57P01', '57P02', '57P03', '53300', '57014']);
const isConnectionException = (code: string) => /^08[0-9A-Z]{3}$/.test(code);

/**
 * What Prisma says when the driver adapter lost the database: P1001 can't reach the server, P1002 and P1008
 * timed out, P1017 the server closed the connection, P2024 no connection from the pool in time.
 */
const prismaCodes = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);

/**
 * Prisma's P2028 in one of its forms: no connection answered BEGIN within the transaction's maxWait. Its other
 * forms (a transaction that ran past its own timeout, or was used after it ended) are the code's own doing.
 */
const startTimedOut = (code: string, message: unknown) =>
  code === 'P2028' &&
  typeof message === 'string' &&
  message.includes('Unable to start a transaction in the given time');

/** The driver adapter's own kinds for the same (`DriverAdapterError.cause.kind`). */
const adapterKinds = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);

/**
 * node-postgres raises these without a code, and the adapter passes them on as they are: a connection that
 * ended under a query, one already broken when asked, and its connect and read timeouts.
 */
const pgMessages = [
  'Connection terminated unexpectedly',
  'Client has encountered a connection error and is not queryable',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Query read timeout',
];

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  kind?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: unknown };
}

/**
 * The errors whose causes are the database's: Prisma's and the driver adapter's wrappings, and the
 * AggregateError of a connect that tried several addresses. Causes of any other error are not the database's
 * (a failed fetch to Storyblok has ECONNREFUSED as its cause too).
 */
const databaseWrappers = new Set([
  'PrismaClientKnownRequestError',
  'PrismaClientUnknownRequestError',
  'PrismaClientInitializationError',
  'DriverAdapterError',
  'AggregateError',
]);

function isLost(error: ErrorLike): boolean {
  const { code, kind, message } = error;
  if (typeof code === 'string') {
    if (socketCodes.has(code) || sqlStates.has(code) || prismaCodes.has(code) || isConnectionException(code)) {
      return true;
    }
    if (startTimedOut(code, message)) return true;
  }
  if (typeof kind === 'string' && adapterKinds.has(kind)) return true;
  // pg-boss appends the queue and worker to the message of an error its polling met.
  return typeof message === 'string' && pgMessages.some((known) => message.startsWith(known));
}

/**
 * Whether an error means the database could not be reached or went away, rather than refusing the query: what
 * node-postgres, the Prisma driver adapter and Prisma raise (Prisma keeps the adapter's error in
 * `meta.driverAdapterError`, whose `cause` holds the PostgreSQL code). The embedded PGlite raises none of
 * these: its errors are the query's own.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as ErrorLike;
  if (isLost(candidate)) return true;
  if (depth >= 4 || typeof candidate.name !== 'string' || !databaseWrappers.has(candidate.name)) return false;
  const causes = [candidate.cause, candidate.meta?.driverAdapterError];
  if (error instanceof AggregateError) causes.push(...(error.errors as unknown[]));
  return causes.some((cause) => isDatabaseUnavailable(cause, depth + 1));
}
