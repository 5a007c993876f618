// npm run soak — a long mixed load on the real server (issue 13 "Kept fixed": not in CI).
// SOAK_USERS virtual people (default 200) browse, open pins, search, open boards and save for
// SOAK_MINUTES (default 30) against one server process on its embedded defaults (or on
// DATABASE_URL when set). Each person is signed in as one of the demo accounts (its own session)
// and waits 50–500 ms between actions, like a quick human. Every minute it prints the requests,
// errors (answers of 5xx, and 4xx other than the expected 429s, plus failed connections), p50 and
// p99 latency, and the server's resident memory; at the end, whether memory stayed flat (the last
// minutes against the first ones after warm-up). Prints; never fails on numbers.
//
// Env: SOAK_MINUTES, SOAK_USERS, BENCH_DATA_DIR (reuse a seeded data dir), DATABASE_URL.
import { mkdtempSync, readFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { spawnServer } from '@corkboard/testing-support/server';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const USERS = Number(process.env.SOAK_USERS ?? 200);
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'corkboard-soak-'));
const DEMO_USERS = ['mara_cooks', 'tomas_travels', 'ines_interiors', 'gus_grows', 'ben_woodworks'];
const DEMO_PASSWORD = 'corkboard-demo';
// A well-formed double-submit token (43 base64url characters), as a browser would hold.
const CSRF = 'c29hay10ZXN0LWNzcmYtdG9rZW4tMDEyMzQ1Njc4OTA';
const SEARCH_WORDS = ['bread', 'garden', 'kitchen', 'travel', 'wood', 'tomato', 'chair', 'lisbon'];
const THINK_MIN_MS = 50;
const THINK_MAX_MS = 500;

type Action = 'feed' | 'pin' | 'search' | 'board' | 'save';
/** Shares of actions: mostly browsing, one in ten a save. */
const MIX: readonly [Action, number][] = [
  ['feed', 0.4],
  ['pin', 0.25],
  ['search', 0.15],
  ['board', 0.1],
  ['save', 0.1],
];

interface Person {
  cookie: string;
  /** The CSRF token the log-in answer set (it rotates the one sent with the log-in). */
  csrf: string;
  boardId: string;
}

interface Minute {
  requests: number;
  errors: number;
  limited: number;
  latencies: number[];
  byAction: Map<Action, number>;
  /** `action status` (or `action network`) → count, so a minute with errors says which. */
  errorKinds: Map<string, number>;
}

const newMinute = (): Minute => ({
  requests: 0,
  errors: 0,
  limited: 0,
  latencies: [],
  byAction: new Map(),
  errorKinds: new Map(),
});

function countError(minute: Minute, kind: string): void {
  minute.errors += 1;
  minute.errorKinds.set(kind, (minute.errorKinds.get(kind) ?? 0) + 1);
}

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)] as T;
}

function chooseAction(): Action {
  let draw = Math.random();
  for (const [action, share] of MIX) {
    if (draw < share) return action;
    draw -= share;
  }
  return 'feed';
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function rssMiB(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

async function logIn(base: string, username: string): Promise<{ cookie: string; csrf: string }> {
  const response = await fetch(`${base}/v3/login/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `csrftoken=${CSRF}`,
      'x-csrftoken': CSRF,
    },
    body: JSON.stringify({ username_or_email: username, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`log-in of ${username}: ${response.status}`);
  const cookies = new Map<string, string>([['csrftoken', CSRF]]);
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return {
    cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    csrf: cookies.get('csrftoken') ?? CSRF,
  };
}

async function firstWritableBoard(base: string, cookie: string): Promise<string> {
  const options = encodeURIComponent(JSON.stringify({ filter: 'all', page_size: 10 }));
  const response = await fetch(
    `${base}/resource/BoardPickerBoardsResource/get/?options=${options}`,
    {
      headers: { cookie, accept: 'application/json' },
    },
  );
  const body = (await response.json()) as {
    resource_response: { data: { all_boards: { id: string }[] } };
  };
  const board = body.resource_response.data.all_boards[0];
  if (!board) throw new Error('a demo account without a board');
  return board.id;
}

console.log(
  `soak — ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ` +
    `${USERS} people for ${MINUTES} min on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
);
const server = await spawnServer({
  dataDir,
  stdout: 'ignore',
  // One address plays every person: the per-address limit would measure the limiter. The
  // captcha is off: a proof of work per log-in would measure this client.
  env: { RATE_LIMIT_MAX: '100000000', CAPTCHA_PROVIDER: 'off' },
});
const base = server.url;
try {
  const people: Person[] = [];
  const boards = new Map<string, string>();
  for (let index = 0; index < USERS; index += 1) {
    const username = DEMO_USERS[index % DEMO_USERS.length] as string;
    const { cookie, csrf } = await logIn(base, username);
    const boardId = boards.get(username) ?? (await firstWritableBoard(base, cookie));
    boards.set(username, boardId);
    people.push({ cookie, csrf, boardId });
  }
  // Pin ids to open and save, refreshed from the feeds people read.
  const knownPins = new Set<string>();

  let minute = newMinute();
  const minutes: { rss: number; errors: number }[] = [];
  const startedAt = Date.now();
  const deadline = startedAt + MINUTES * 60_000;
  console.log('\nmin  requests  errors  429s  p50 ms  p99 ms  RSS MiB  feed/pin/search/board/save');
  const ticker = setInterval(() => {
    const done = minute;
    minute = newMinute();
    const sorted = done.latencies.sort((a, b) => a - b);
    const rss = rssMiB(server.pid);
    minutes.push({ rss, errors: done.errors });
    const mix = (['feed', 'pin', 'search', 'board', 'save'] as const)
      .map((action) => done.byAction.get(action) ?? 0)
      .join('/');
    console.log(
      `${String(minutes.length).padStart(3)}  ${String(done.requests).padStart(8)}  ` +
        `${String(done.errors).padStart(6)}  ${String(done.limited).padStart(4)}  ` +
        `${percentile(sorted, 50).toFixed(0).padStart(6)}  ${percentile(sorted, 99).toFixed(0).padStart(6)}  ` +
        `${String(rss).padStart(7)}  ${mix}`,
    );
    if (done.errorKinds.size > 0) {
      const kinds = [...done.errorKinds].sort((a, b) => b[1] - a[1]).slice(0, 5);
      console.log(`     errors: ${kinds.map(([kind, count]) => `${kind} ×${count}`).join(', ')}`);
    }
  }, 60_000);

  /** Remembers the pins people saw (a feed page or search results), to open and save next. */
  function rememberPins(text: string): void {
    const data = (JSON.parse(text) as { resource_response?: { data?: unknown } }).resource_response
      ?.data;
    const pins = Array.isArray(data) ? data : (data as { results?: unknown } | undefined)?.results;
    if (!Array.isArray(pins)) return;
    for (const pin of pins as { id?: unknown }[])
      if (typeof pin.id === 'string') knownPins.add(pin.id);
  }

  async function request(action: Action, person: Person): Promise<void> {
    const pinId = knownPins.size > 0 ? pick([...knownPins].slice(-500)) : undefined;
    let url: string;
    let init: RequestInit = { headers: { cookie: person.cookie, accept: 'application/json' } };
    switch (action) {
      case 'pin':
        if (!pinId) return request('feed', person);
        url = `${base}/v3/pins/${pinId}/`;
        break;
      case 'search':
        url = `${base}/v3/search/pins/?q=${pick(SEARCH_WORDS)}`;
        break;
      case 'board':
        // The person's own board: a demo account's first board may be secret, which the others
        // rightly cannot open (404 would count as an error).
        url = `${base}/v3/boards/${person.boardId}/pins/`;
        break;
      case 'save':
        if (!pinId) return request('feed', person);
        url = `${base}/resource/RepinResource/create/`;
        init = {
          method: 'POST',
          headers: {
            cookie: person.cookie,
            accept: 'application/json',
            'content-type': 'application/json',
            'x-csrftoken': person.csrf,
          },
          body: JSON.stringify({ options: { pin_id: pinId, board_id: person.boardId } }),
        };
        break;
      default:
        url = `${base}/v3/feeds/home/`;
    }
    const started = performance.now();
    minute.requests += 1;
    minute.byAction.set(action, (minute.byAction.get(action) ?? 0) + 1);
    try {
      const response = await fetch(url, init);
      const text = await response.text();
      minute.latencies.push(performance.now() - started);
      if (response.status === 429) minute.limited += 1;
      else if (response.status >= 400) {
        const code = /"code":(\d+)/.exec(text)?.[1];
        countError(minute, `${action} ${response.status}${code ? ` code ${code}` : ''}`);
      } else if (action === 'feed' || action === 'search') rememberPins(text);
    } catch {
      countError(minute, `${action} network`);
    }
  }

  await Promise.all(
    people.map(async (person) => {
      while (Date.now() < deadline) {
        await request(chooseAction(), person);
        const think = THINK_MIN_MS + Math.random() * (THINK_MAX_MS - THINK_MIN_MS);
        await new Promise((resolve) => setTimeout(resolve, think));
      }
    }),
  );
  clearInterval(ticker);

  const settled = minutes.slice(Math.min(2, minutes.length - 1));
  const head = settled.slice(0, 3).map((entry) => entry.rss);
  const tail = settled.slice(-3).map((entry) => entry.rss);
  const mean = (values: number[]) =>
    values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
  const errors = minutes.reduce((sum, entry) => sum + entry.errors, 0);
  console.log(
    `\nerrors: ${errors}; RSS after warm-up ${mean(head).toFixed(0)} MiB → last minutes ` +
      `${mean(tail).toFixed(0)} MiB (${(mean(tail) - mean(head)).toFixed(0)} MiB)`,
  );
} finally {
  await server.stop();
}
