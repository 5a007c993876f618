// The app fixture of every API test file (app.inject; nothing listens):
//   const t = await buildTestApp(handle.db, { ...what this file needs });  // in beforeAll
//   await t.close();                                                        // in afterAll
// Silent logs, a temp media folder, a fixture index.html, a movable clock, and who is asking:
// `viewer: 'header'` (default) acts as anyone through X-Test-Viewer (t.client sends it), while
// `viewer: 'session'` keeps the real Better Auth session cookie (drive it with TestBrowser), with
// captcha off and the control password minimum unless the test configures them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import { LocalMediaStorage } from '@corkboard/media/local-storage';
import type { MediaStorage } from '@corkboard/media/storage';
import { buildApp } from '../app.ts';
import { loadConfig, type AppConfig } from '../config/config.ts';
import type { LogStream } from '../plugins/app/logging.ts';
import type { ViewerResolver } from '../plugins/app/viewer.ts';
import { newSecret } from '../plugins/auth/secrets.ts';
import { ApiClient } from './api-client.ts';
import { TestClock } from './test-clock.ts';
import { testViewerResolver } from './test-viewer.ts';

export const TEST_INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Corkboard</title>
    <!--app-head-->
  </head>
  <body><div id="root"></div></body>
</html>
`;

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: tmpdir(),
      PUBLIC_URL: 'http://corkboard.test',
      // Jobs are queued, not worked, unless a test asks for workers (processRole: 'all').
      PROCESS_ROLE: 'api',
    }),
    // Points nowhere, so no test depends on whether the web app happens to be built.
    webDist: join(tmpdir(), 'corkboard-no-web-build'),
    ...overrides,
  };
}

export interface TestAppOptions {
  /** Who is asking: X-Test-Viewer (default) or the real session cookie. */
  viewer?: 'header' | 'session';
  /** Replaces the viewer resolver altogether. */
  resolveViewer?: ViewerResolver;
  config?: Partial<AppConfig>;
  /** The database feed and search reads go to (a stand-in for a read replica, ADR 107). */
  readDb?: Kysely<Database>;
  clock?: TestClock;
  /** The fetch outbound verifications use (reCAPTCHA); point it at a loopback peer. */
  fetch?: typeof fetch;
  storage?: MediaStorage;
  indexHtml?: string;
  /** Log lines go here (with `config.logLevel` above silent). */
  logStream?: LogStream;
  /** How often idle job workers poll (with `config.processRole` 'all'). */
  jobPollingIntervalSeconds?: number;
}

export interface TestApp {
  app: FastifyInstance;
  storage: MediaStorage;
  mediaRoot: string;
  clock: TestClock;
  /** Calls the API as anyone (X-Test-Viewer), with the CSRF header. */
  client: ApiClient;
  close(): Promise<void>;
}

function configFor(options: TestAppOptions): AppConfig {
  if (options.viewer !== 'session') return testConfig(options.config);
  // The app as production builds it: a real secret, captcha off unless the test configures it,
  // and a deterministic password minimum (6; tests of the experiment force it with ?exp=).
  return {
    ...testConfig(),
    authSecret: newSecret(),
    captcha: { provider: 'off', altchaHmacKey: undefined, recaptcha: undefined },
    experiments: { web_increased_min_password_length: 'control' },
    ...options.config,
  };
}

export async function buildTestApp(
  db: Kysely<Database>,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const mediaRoot = mkdtempSync(join(tmpdir(), 'corkboard-media-'));
  const storage = options.storage ?? new LocalMediaStorage(mediaRoot);
  const clock = options.clock ?? new TestClock();
  const resolveViewer =
    options.resolveViewer ?? (options.viewer === 'session' ? undefined : testViewerResolver);
  const app = await buildApp({
    db,
    ...(options.readDb ? { readDb: options.readDb } : {}),
    storage,
    config: configFor(options),
    ...(resolveViewer ? { resolveViewer } : {}),
    indexHtml: options.indexHtml ?? TEST_INDEX_HTML,
    now: clock.now,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.jobPollingIntervalSeconds === undefined
      ? {}
      : { jobPollingIntervalSeconds: options.jobPollingIntervalSeconds }),
  });
  return {
    app,
    storage,
    mediaRoot,
    clock,
    client: new ApiClient(app),
    async close() {
      await app.close();
      rmSync(mediaRoot, { recursive: true, force: true });
    },
  };
}
