import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { databaseUnavailable, isDatabaseUnavailable } from './database-unavailable.ts';

/** Errors as node-postgres, the Prisma driver adapter and Prisma raise them (seen on PostgreSQL 15). */
const named = (name: string, fields: Record<string, unknown>) =>
  Object.assign(new Error(String(fields.message)), { name, ...fields });
const prismaError = (code: string, cause: Record<string, unknown>) =>
  named('PrismaClientKnownRequestError', {
    code,
    message: 'Raw query failed.',
    meta: { driverAdapterError: named('DriverAdapterError', { cause }) },
  });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a reset connection', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['pg_ctl stop under a query (57P01)', prismaError('P2010', { kind: 'postgres', code: '57P01' })],
    ['a server starting up (57P03)', prismaError('P2010', { kind: 'postgres', code: '57P03' })],
    ['a connection exception (08006)', prismaError('P2010', { kind: 'postgres', code: '08006' })],
    ['a statement the server cancelled in time (57014)', prismaError('P2010', { kind: 'postgres', code: '57014' })],
    ["Prisma's P1001", prismaError('P1001', { kind: 'DatabaseNotReachable', host: '127.0.0.1', port: 5432 })],
    ["the adapter's closed connection", prismaError('P2010', { kind: 'ConnectionClosed' })],
    ['a connection that ended under a query', new Error('Connection terminated unexpectedly')],
    ['a broken pooled connection', new Error('Client has encountered a connection error and is not queryable')],
    ['no connection from the pool in time', new Error('timeout exceeded when trying to connect')],
    ['a server that stopped answering', new Error('Query read timeout')],
    ['the same met by a pg-boss worker', new Error('Query read timeout (Queue: mail.send, Worker: 1f2e)')],
    [
      'a transaction that could not start in time',
      named('PrismaClientKnownRequestError', {
        code: 'P2028',
        message: 'Transaction API error: Unable to start a transaction in the given time.',
      }),
    ],
    [
      'a connect to several addresses, all refused',
      new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })]),
    ],
  ])('takes %s for a lost database', (_case, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', prismaError('P2002', { kind: 'UniqueConstraintViolation' })],
    ['a division by zero', prismaError('P2010', { kind: 'postgres', code: '22012' })],
    ['a missing row', named('PrismaClientKnownRequestError', { code: 'P2025', message: 'No record was found.' })],
    [
      'a transaction that ran past its timeout',
      named('PrismaClientKnownRequestError', {
        code: 'P2028',
        message: 'Transaction API error: Transaction already closed.',
      }),
    ],
    ['a refusal of our own', new AppError('not_found', 'There is no such space.')],
    ['a failed call to Storyblok', new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } })],
    ['nothing at all', undefined],
    ['a string', 'Connection terminated unexpectedly'],
  ])('does not take %s for one', (_case, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('databaseUnavailable', () => {
  it('answers 503 with Retry-After and a message a person understands', () => {
    const error = databaseUnavailable();
    expect(error).toMatchObject({ code: 'database_unavailable', status: 503, retryable: true });
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
    expect(error.message).toMatch(/cannot reach its database.*nothing was changed.*try again/i);
  });
});
