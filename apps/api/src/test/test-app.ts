// Builds the app for in-process tests (app.inject): silent logs, a temp media folder, a fixture
// index.html, and a viewer resolver driven by a test-only header so a test can act as anyone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import { LocalMediaStorage } from '@corkboard/media/local-storage';
import type { MediaStorage } from '@corkboard/media/storage';
import { buildApp, type BuildAppOptions } from '../app.ts';
import { loadConfig, type AppConfig } from '../config.ts';
import type { ViewerResolver } from '../plugins/app/viewer.ts';

export const TEST_VIEWER_HEADER = 'x-test-viewer';

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

/** Acts as the user whose id is in X-Test-Viewer; a visitor without it. Tests only. */
export const testViewerResolver: ViewerResolver = (request) => {
  const id = request.headers[TEST_VIEWER_HEADER];
  return typeof id === 'string' && /^[0-9]+$/.test(id) ? { id } : null;
};

export function as(user: { id: string } | null): Record<string, string> {
  return user === null ? {} : { [TEST_VIEWER_HEADER]: user.id };
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: tmpdir(),
      PUBLIC_URL: 'http://corkboard.test',
    }),
    // Points nowhere, so no test depends on whether the web app happens to be built.
    webDist: join(tmpdir(), 'corkboard-no-web-build'),
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  storage: MediaStorage;
  mediaRoot: string;
  close(): Promise<void>;
}

export async function buildTestApp(
  db: Kysely<Database>,
  options: Partial<Omit<BuildAppOptions, 'db' | 'config'>> & { config?: Partial<AppConfig> } = {},
): Promise<TestApp> {
  const mediaRoot = mkdtempSync(join(tmpdir(), 'corkboard-media-'));
  const storage = options.storage ?? new LocalMediaStorage(mediaRoot);
  const app = await buildApp({
    db,
    storage,
    config: testConfig(options.config),
    resolveViewer: options.resolveViewer ?? testViewerResolver,
    indexHtml: options.indexHtml ?? TEST_INDEX_HTML,
  });
  return {
    app,
    storage,
    mediaRoot,
    async close() {
      await app.close();
      rmSync(mediaRoot, { recursive: true, force: true });
    },
  };
}
