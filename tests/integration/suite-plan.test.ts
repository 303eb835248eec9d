import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LONGEST_FIRST, SAME_ON_EVERY_DATABASE, testFile } from './suite-plan.ts';

// What makes a file's database follow TEST_DATABASE_URL: a file doing any of this must run on both databases.
const FOLLOWS_TEST_DATABASE = [
  /TEST_DATABASE_URL/,
  /openTestDatabase|openPostgresTestDatabase|crashDatabase|prepareCrashServers/,
  /startTestServer\((?![^)]*databaseServerUrl)/,
];

describe('the plan of the integration runs', () => {
  it('names only files that exist', () => {
    for (const name of [...LONGEST_FIRST, ...SAME_ON_EVERY_DATABASE])
      expect(existsSync(testFile(name)), name).toBe(true);
  });

  it('runs once only files whose database does not follow TEST_DATABASE_URL', () => {
    const following = SAME_ON_EVERY_DATABASE.filter((name) => {
      const source = readFileSync(testFile(name), 'utf8');
      return FOLLOWS_TEST_DATABASE.some((pattern) => pattern.test(source));
    });
    expect(following).toEqual([]);
  });

  it('would notice a file that opens the test database', () => {
    const source = readFileSync(testFile('content-api'), 'utf8');
    expect(FOLLOWS_TEST_DATABASE.some((pattern) => pattern.test(source))).toBe(true);
  });
});
