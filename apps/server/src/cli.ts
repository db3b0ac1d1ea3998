import { loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/index.ts';
import { backupSqlite, databaseProblems, MaintenanceError } from './db/maintenance.ts';
import { setRoleByEmail } from './db/users.ts';

const USAGE = [
  'Usage: npm run sam -- admin grant <email>',
  '       npm run sam -- admin revoke <email>',
  '       npm run sam -- db backup <file>     (SQLite: a consistent copy while SAM runs)',
  '       npm run sam -- db check             (integrity and foreign-key checks)',
].join('\n');

async function admin(action: string | undefined, rawEmail: string | undefined): Promise<number> {
  if ((action !== 'grant' && action !== 'revoke') || !rawEmail) {
    console.error(USAGE);
    return 2;
  }
  const email = rawEmail.trim().toLowerCase();
  const database = openDatabase(loadConfig().databaseUrl);
  try {
    await migrateToLatest(database);
    const changed = await setRoleByEmail(
      database.db,
      email,
      action === 'grant' ? 'admin' : 'user',
      Date.now(),
    );
    if (!changed) {
      console.error(`No account with the e-mail ${email}.`);
      return 1;
    }
    console.log(action === 'grant' ? `${email} is now an admin.` : `${email} is no longer an admin.`);
    return 0;
  } finally {
    await database.close();
  }
}

async function db(action: string | undefined, file: string | undefined): Promise<number> {
  const { databaseUrl } = loadConfig();
  if (action === 'backup' && file) {
    await backupSqlite(databaseUrl, file);
    console.log(`A consistent copy of the database is in ${file}.`);
    return 0;
  }
  if (action === 'check' && !file) {
    const database = openDatabase(databaseUrl);
    try {
      const problems = await databaseProblems(database, databaseUrl);
      if (problems.length > 0) {
        console.error(`The database has problems:\n${problems.join('\n')}`);
        return 1;
      }
      console.log('The database is sound.');
      return 0;
    } finally {
      await database.close();
    }
  }
  console.error(USAGE);
  return 2;
}

async function main([area, action, argument]: string[]): Promise<number> {
  if (area === 'admin') return admin(action, argument);
  if (area === 'db') return db(action, argument);
  console.error(USAGE);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(error instanceof MaintenanceError ? 2 : 1);
  },
);
