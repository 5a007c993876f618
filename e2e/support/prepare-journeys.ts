// `node e2e/support/prepare-journeys.ts <dir>`: builds the SPA and seeds <dir> the way the
// journeys' global setup does, so scripts/validate.sh can do both beside its lint phase, where
// a core is free while the longest lint job runs on the other, instead of on the journeys'
// critical path; it then runs the journeys with E2E_SEED_DIR=<dir> E2E_SKIP_BUILD=1
// (docs/decisions/214). The build is the same `npm run build -w @corkboard/web` of the current
// sources, and the seed the same seeding start.
import { mkdirSync } from 'node:fs';
import { buildWeb } from '@corkboard/testing-support/server';
import { startMailSink } from './mailbox.ts';
import { seedDataDir } from './seed.ts';

const dataDir = process.argv[2];
if (!dataDir) {
  console.error('usage: node e2e/support/prepare-journeys.ts <seed dir>');
  process.exit(2);
}
const started = performance.now();
buildWeb();
const built = performance.now();
mkdirSync(dataDir, { recursive: true });
// The seeding server is configured like every journey server, mail sink included.
const mail = await startMailSink();
try {
  await seedDataDir(dataDir, mail.url);
} finally {
  await mail.stop();
}
const seconds = (ms: number) => (ms / 1000).toFixed(0);
console.log(
  `journeys prepared: SPA built in ${seconds(built - started)} s, ${dataDir} seeded in ${seconds(performance.now() - built)} s`,
);
