// npm run db:migrate [-- --rolled-back <migration>]
// Applies pending migrations to DATABASE_URL. POLYBLOK_MIGRATIONS_DIR points elsewhere than prisma/migrations (tests).
import { openDriver, parseDatabaseUrl, type DatabaseTarget } from '#server/db/driver.ts';
import { applyPendingMigrations, markMigrationRolledBack } from './migrations.ts';

const USAGE = 'Usage: npm run db:migrate [-- --rolled-back <migration>]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const args = process.argv.slice(2);
let rolledBack: string | undefined;
if (args.length === 2 && args[0] === '--rolled-back') rolledBack = args[1];
else if (args.length > 0) fail(USAGE);

let target: DatabaseTarget;
try {
  target = parseDatabaseUrl(process.env.DATABASE_URL);
} catch (error) {
  fail(`DATABASE_URL: ${(error as Error).message}`);
}

const migrationsDir = process.env.POLYBLOK_MIGRATIONS_DIR || undefined;
const driver = await openDriver(target).catch((error: Error) => fail(`Cannot open the database: ${error.message}`));
try {
  if (rolledBack !== undefined) {
    await markMigrationRolledBack(driver, rolledBack);
    console.log(`Marked ${rolledBack} as rolled back; the next db:migrate runs it again`);
  } else {
    const onWait = () => console.log('Waiting for another process to finish migrating the database...');
    const applied = await applyPendingMigrations(driver, { migrationsDir, onWait });
    if (applied.length === 0) console.log('Database is up to date');
    else console.log(`Applied ${applied.length} migration(s):\n${applied.map((name) => `  ${name}`).join('\n')}`);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await driver.close();
}
