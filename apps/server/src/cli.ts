import { loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/index.ts';
import { setRoleByEmail } from './db/users.ts';

const USAGE = 'Usage: npm run sam -- admin grant <email>\n       npm run sam -- admin revoke <email>';

async function main(args: string[]): Promise<number> {
  const [area, action, rawEmail] = args;
  if (area !== 'admin' || (action !== 'grant' && action !== 'revoke') || !rawEmail) {
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

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
