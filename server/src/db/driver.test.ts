import { describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from './driver.ts';

describe('parseDatabaseUrl', () => {
  it.each([
    [undefined, { kind: 'pglite', dataDir: 'data/pglite' }],
    ['  ', { kind: 'pglite', dataDir: 'data/pglite' }],
    ['memory://', { kind: 'pglite', dataDir: null }],
    ['file:tmp/db', { kind: 'pglite', dataDir: 'tmp/db' }],
    ['file:///var/lib/polyblok', { kind: 'pglite', dataDir: '/var/lib/polyblok' }],
    ['postgres://u:p@127.0.0.1:5432/app', { kind: 'postgres', url: 'postgres://u:p@127.0.0.1:5432/app' }],
    [
      'postgresql://db.internal/app?sslmode=require',
      { kind: 'postgres', url: 'postgresql://db.internal/app?sslmode=require' },
    ],
  ])('reads %j', (value, expected) => {
    expect(parseDatabaseUrl(value)).toEqual(expected);
  });

  it.each([
    ['nonsense', /expected postgres:\/\//],
    ['mysql://h/db', /unsupported scheme "mysql:"/],
    ['postgres://127.0.0.1:5432', /needs a host and a database name/],
    ['file:', /needs a folder/],
  ])('refuses %j with a reason', (value, reason) => {
    expect(() => parseDatabaseUrl(value)).toThrow(reason);
  });
});
