// `npm run admin -- grant <username>` / `revoke <username>` / `list`: operator rights from the
// shell (docs/decisions/019), for the first operator of a new deployment and for recovery. It
// writes the same flag the admin page does and keeps the same last-operator rule.
import type { Kysely } from 'kysely';
import { createDb } from '@corkboard/db/create-db';
import { migrateToLatest } from '@corkboard/db/migrations';
import { loadConfig } from '../src/config/config.ts';

const USAGE = 'usage: npm run admin -- grant <username> | revoke <username> | list';

const [command, username] = process.argv.slice(2);
const config = loadConfig();
const database = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const { db } = database;

async function setFlag(name: string, isAdmin: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const operators = await trx
      .selectFrom('users')
      .select('id')
      .where('is_admin', '=', true)
      .forUpdate()
      .execute();
    const person = await trx
      .selectFrom('users')
      .select(['id', 'is_admin'])
      .where((eb) => eb(eb.fn('lower', ['username']), '=', name.toLowerCase()))
      .forUpdate()
      .executeTakeFirst();
    if (!person) throw new Error(`No person is called ${name}.`);
    if (!isAdmin && person.is_admin && operators.length <= 1) {
      throw new Error(`${name} is the only operator; make someone else an operator first.`);
    }
    await trx.updateTable('users').set({ is_admin: isAdmin }).where('id', '=', person.id).execute();
  });
  console.log(`${name} is ${isAdmin ? 'now' : 'no longer'} an operator.`);
}

try {
  await migrateToLatest(db as Kysely<unknown>);
  if (command === 'list') {
    const rows = await db
      .selectFrom('users')
      .select('username')
      .where('is_admin', '=', true)
      .orderBy('id')
      .execute();
    console.log(rows.length === 0 ? 'No operators.' : rows.map((row) => row.username).join('\n'));
  } else if ((command === 'grant' || command === 'revoke') && username) {
    await setFlag(username, command === 'grant');
  } else {
    console.error(USAGE);
    process.exitCode = 2;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
