// `npm run ads:review -- list` / `approve <adId> --as <operator>` /
// `reject <adId> <REASON> --as <operator>`: the ad review queue from the shell (issue 11; ADR 103).
// The same services as the admin page (/admin/ad-review/): the decision is recorded in the ad's
// change history under the named operator, who must be one.
import type { Kysely } from 'kysely';
import { pino } from 'pino';
import { createDb } from '@corkboard/db/create-db';
import { migrateToLatest } from '@corkboard/db/migrations';
import { createStorage } from '@corkboard/media/create-storage';
import { AppError } from '@corkboard/shared/app-error';
import {
  OPERATOR_REJECTION_REASONS,
  type RejectionReason,
} from '@corkboard/shared/business/campaigns';
import { loadConfig } from '../src/config/config.ts';
import { systemClock } from '../src/lib/clock.ts';
import { decideAd, reviewQueue } from '../src/modules/ads/review.service.ts';

const USAGE = `usage: npm run ads:review -- list
       npm run ads:review -- approve <adId> --as <operator username>
       npm run ads:review -- reject <adId> <${OPERATOR_REJECTION_REASONS.join('|')}> --as <operator username>`;

/** The most pending ads `list` prints; the admin page pages through the rest. */
const LIST_MAX = 100;

const args = process.argv.slice(2);
const asIndex = args.indexOf('--as');
const operatorName = asIndex >= 0 ? args[asIndex + 1] : undefined;
const [command, adId, reason] = asIndex >= 0 ? args.slice(0, asIndex) : args;

const config = loadConfig();
const database = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const { db } = database;
const log = pino({ level: 'warn' });

async function operatorId(name: string | undefined): Promise<string> {
  if (!name) throw new Error('Name the operator deciding: --as <username>.');
  const row = await db
    .selectFrom('users')
    .select(['id', 'is_admin'])
    .where((eb) => eb(eb.fn('lower', ['username']), '=', name.toLowerCase()))
    .executeTakeFirst();
  if (!row?.is_admin)
    throw new Error(`${name} is not an operator (npm run admin -- grant ${name}).`);
  return row.id;
}

function isReason(value: string | undefined): value is RejectionReason {
  return OPERATOR_REJECTION_REASONS.some((known) => known === value);
}

try {
  await migrateToLatest(db as Kysely<unknown>);
  if (command === 'list') {
    const page = await reviewQueue(
      { db, storage: createStorage({ dataDir: config.dataDir, s3: config.s3 }) },
      { pageSize: LIST_MAX, bookmark: undefined },
    );
    if (page.items.length === 0) console.log('No ads are waiting for review.');
    for (const ad of page.items) {
      console.log(`${ad.id}\t${ad.created_at}\t${ad.name}\t${ad.destination_url}`);
    }
  } else if (command === 'approve' && adId) {
    const operator = { id: await operatorId(operatorName) };
    await decideAd({ db, now: systemClock, log }, operator, adId, {
      status: 'APPROVED',
      reasons: [],
    });
    console.log(`Ad ${adId} approved.`);
  } else if (command === 'reject' && adId && isReason(reason)) {
    const operator = { id: await operatorId(operatorName) };
    await decideAd({ db, now: systemClock, log }, operator, adId, {
      status: 'REJECTED',
      reasons: [reason],
    });
    console.log(`Ad ${adId} rejected (${reason}).`);
  } else {
    console.error(USAGE);
    process.exitCode = 2;
  }
} catch (error) {
  console.error(error instanceof AppError || error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
