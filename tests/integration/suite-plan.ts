/**
 * How the integration files are spread over the two workers and the two runs (embedded database, then
 * PostgreSQL in CI). Names are file names without `.test.ts`.
 */

/**
 * The files that take longest (they kill and start real servers): started first, so that one of them started
 * last does not keep a worker busy long after the other has run out of files.
 */
export const LONGEST_FIRST = [
  'sync-crashes',
  'ai-run-crashes',
  'database-outage',
  'jobs',
  'write-back-queue',
  'server-process',
  'migration-cli',
  'migration-lock',
  'ai-run-queue',
  'sync-storm',
];

/**
 * The files whose database does not follow TEST_DATABASE_URL: the local Storyblok and OpenAI on their own, the
 * build and deployment files, servers on an embedded database named by the test, and the outage test, which
 * always runs a PostgreSQL of its own. Run once, in the embedded run; the PostgreSQL run would repeat them
 * unchanged.
 */
export const SAME_ON_EVERY_DATABASE = [
  'compiled-server',
  'database-outage',
  'demo',
  'deploy-files',
  'fake-openai',
  'fake-storyblok',
  'fake-storyblok-cdn',
  'fake-storyblok-data',
  'fake-storyblok-oauth',
  'fake-storyblok-traffic',
  'migration-cli',
  'server-process',
  'storyblok-adapter',
];

export const testFile = (name: string) => `tests/integration/${name}.test.ts`;
