// npm run db:migration -- <name>
// Writes prisma/migrations/<timestamp>_<name>/migration.sql from the schema's changes.
// POLYBLOK_SCHEMA_PATH and POLYBLOK_MIGRATIONS_DIR point elsewhere than prisma/ (tests).
import path from 'node:path';
import { normaliseMigrationName, writeMigration } from './migrations.ts';

const USAGE =
  'Usage: npm run db:migration -- <name>\n' +
  '  <name>: letters, digits, underscores and hyphens, for example add_story_status';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const args = process.argv.slice(2);
const name = args[0];
if (args.length !== 1 || name === undefined) fail(USAGE);
try {
  normaliseMigrationName(name);
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}

try {
  const written = await writeMigration({
    name,
    schemaPath: process.env.POLYBLOK_SCHEMA_PATH || undefined,
    migrationsDir: process.env.POLYBLOK_MIGRATIONS_DIR || undefined,
  });
  if (written === null) {
    console.log('No schema changes: no migration written');
  } else {
    const shown = path.relative(process.cwd(), written.folder);
    console.log(`Wrote ${shown.startsWith('..') ? written.folder : shown}${path.sep}migration.sql`);
  }
} catch (error) {
  fail((error as Error).message);
}
