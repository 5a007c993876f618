// bench:picker — the board picker for a person with 5,000 boards:
//  1. server: GET /resource/BoardPickerBoardsResource/get/ (first page of 100 + the 2-board
//     shortlist) through the real server with a real session, req/s and latency; once without
//     pin text and once with a pin title (the shortlist then also scores board names);
//  2. baseline in the same run: the same page query answered straight from the database
//     (the picker's Kysely query executed in-process, no HTTP, no shortlist, no serialisation);
//  3. client: filtering the 5,000 names on every keystroke with the shared board searcher.
// Prints figures; never fails on timing. The database is not ANALYZEd (as a PGlite database
// that was not seeded by the server never is).
//
// Env: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 4), BOARDS (default 5000).
import { mkdtempSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { hashPassword } from 'better-auth/crypto';
import type { Kysely } from 'kysely';
import { createDb } from '@corkboard/db/create-db';
import { migrateToLatest } from '@corkboard/db/migrations';
import { createBoardSearcher } from '@corkboard/shared/saving/board-search';
import { spawnServer } from '@corkboard/testing-support/server';
import { setCredentialPassword } from '@corkboard/api/modules/auth/auth.repository';
import { writableBoardPage } from '@corkboard/api/modules/boards/board-items.repository';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 4);
const boardCount = Number(process.env.BOARDS ?? 5000);
const dataDir = mkdtempSync(join(tmpdir(), 'corkboard-bench-picker-'));
const USERNAME = 'picker_bench';
const PASSWORD = 'picker-bench-password';
// A well-formed double-submit token (43 base64url characters), as the browser would hold.
const CSRF = 'YmVuY2gtcGlja2VyLWNzcmYtdG9rZW4tMDEyMzQ1Njc';
const PAGE = { filter: 'all', page_size: 100 };
// A pin title sharing words with some of the board names below ('Balcony', 'Garden').
const PIN_TITLE = 'Small balcony garden ideas';

// Deterministic, varied board names: "Cozy Kitchen Ideas 17", "Weekend Garden Projects 2"…
const ADJECTIVES = [
  'Cozy',
  'Weekend',
  'Summer',
  'Rustic',
  'Minimal',
  'Bright',
  'Café',
  'Nordic',
  'Easy',
  'Vintage',
];
const NOUNS = [
  'Kitchen',
  'Garden',
  'Travel',
  'Recipes',
  'Living Room',
  'Workshop',
  'Wedding',
  'Outfits',
  'Desserts',
  'Balcony',
];
const TAILS = ['Ideas', 'Projects', 'Inspiration', 'Plans', 'Finds', 'Notes'];
function boardName(i: number): string {
  const name = `${ADJECTIVES[i % 10]} ${NOUNS[Math.floor(i / 10) % 10]} ${TAILS[Math.floor(i / 100) % 6]}`;
  return i < 600 ? name : `${name} ${Math.floor(i / 600) + 1}`;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

// ---- data: one person with `boardCount` boards --------------------------------------------
let userId: string;
{
  const handle = await createDb({ dataDir });
  await migrateToLatest(handle.db as Kysely<unknown>);
  const user = await handle.db
    .insertInto('users')
    .values({
      username: USERNAME,
      first_name: 'Picker',
      last_name: 'Bench',
      email: 'picker@bench.corkboard.example',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  userId = user.id;
  for (let start = 0; start < boardCount; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, boardCount - start) }, (_, k) => {
      const i = start + k;
      return {
        owner_id: userId,
        name: boardName(i),
        slug: `board-${i}`,
        privacy: i % 7 === 0 ? ('secret' as const) : ('public' as const),
      };
    });
    await handle.db.insertInto('boards').values(rows).execute();
  }
  await handle.db
    .updateTable('users')
    .set({ board_count: boardCount })
    .where('id', '=', userId)
    .execute();
  await setCredentialPassword(handle.db, userId, await hashPassword(PASSWORD), new Date());
  await handle.close();
}

// ---- 1. through the server ------------------------------------------------------------------
const server = await spawnServer({
  dataDir,
  stdout: 'ignore',
  env: { CAPTCHA_PROVIDER: 'off', RATE_LIMIT_MAX: '100000000' },
});
interface ServerFigures {
  perSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  bytes: number;
}
const serverFigures: ServerFigures[] = [];
try {
  const base = server.url;
  const login = await fetch(`${base}/v3/login/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `csrftoken=${CSRF}`,
      'x-csrftoken': CSRF,
    },
    body: JSON.stringify({ username_or_email: USERNAME, password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`log-in failed: ${login.status} ${await login.text()}`);
  const session = login.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  for (const options of [PAGE, { ...PAGE, title: PIN_TITLE }]) {
    const url = `${base}/resource/BoardPickerBoardsResource/get/?options=${encodeURIComponent(JSON.stringify(options))}`;
    const probe = await fetch(url, { headers: { cookie: session } });
    const body = Buffer.from(await probe.arrayBuffer());
    if (!probe.ok) throw new Error(`picker failed: ${probe.status} ${body.toString()}`);
    await autocannon({ url, headers: { cookie: session }, connections, duration: 2 });
    const result = await autocannon({ url, headers: { cookie: session }, connections, duration });
    serverFigures.push({
      perSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      bytes: body.length,
    });
  }
} finally {
  await server.stop();
}

// ---- 2. the same page query straight from the database --------------------------------------
const handle = await createDb({ dataDir });
const dbTimes: number[] = [];
const viewer = { id: userId };
const dbDeadline = performance.now() + duration * 1000;
while (performance.now() < dbDeadline) {
  const started = performance.now();
  await writableBoardPage(handle.db, viewer, 'all', { limit: PAGE.page_size + 1 }).execute();
  dbTimes.push(performance.now() - started);
}
const allNames = (
  await handle.db.selectFrom('boards').select('name').where('owner_id', '=', userId).execute()
).map((row) => row.name);
await handle.close();
dbTimes.sort((a, b) => a - b);

// ---- 3. client filtering per keystroke -------------------------------------------------------
const searcher = createBoardSearcher(allNames, (name) => name);
const typed = ['cozy kitchen ideas 3', 'wedding', 'cafe bal', 'vintage outfits notes 8'];
const keystrokeTimes: number[] = [];
let matched = 0;
for (let round = 0; round < 20; round += 1) {
  for (const query of typed) {
    for (let length = 1; length <= query.length; length += 1) {
      const started = performance.now();
      matched = searcher.search(query.slice(0, length)).length;
      keystrokeTimes.push(performance.now() - started);
    }
  }
}
keystrokeTimes.sort((a, b) => a - b);

const ms = (value: number) => Math.round(value * 100) / 100;
console.log(
  `\nbench:picker — ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}, PGlite`,
);
console.log(
  `one person with ${boardCount} boards; first picker page of ${PAGE.page_size}; ${connections} concurrent, ${duration} s per target\n`,
);
const [plain, withPin] = serverFigures;
if (!plain || !withPin) throw new Error('missing server figures');
console.table([
  {
    target: `server: BoardPickerBoardsResource (page + shortlist, ${plain.bytes} B)`,
    'per second': Math.round(plain.perSecond),
    'p50 ms': plain.p50,
    'p99 ms': plain.p99,
    non2xx: plain.non2xx,
  },
  {
    target: `server: the same with pin title '${PIN_TITLE}' (${withPin.bytes} B)`,
    'per second': Math.round(withPin.perSecond),
    'p50 ms': withPin.p50,
    'p99 ms': withPin.p99,
    non2xx: withPin.non2xx,
  },
  {
    target: 'baseline: the page query straight from the database (1 at a time)',
    'per second': Math.round(dbTimes.length / duration),
    'p50 ms': ms(percentile(dbTimes, 50)),
    'p99 ms': ms(percentile(dbTimes, 99)),
    non2xx: 0,
  },
]);
console.log(
  `client filtering of ${allNames.length} names per keystroke (${keystrokeTimes.length} keystrokes): ` +
    `p50 ${ms(percentile(keystrokeTimes, 50))} ms, p99 ${ms(percentile(keystrokeTimes, 99))} ms, max ${ms(keystrokeTimes.at(-1) ?? 0)} ms (last query matched ${matched})`,
);
