import type { TestProject } from 'vitest/node';
import { buildWeb, startServer, type RunningServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

let server: RunningServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  // Always test what we ship: build the SPA from the current sources (skip with E2E_SKIP_BUILD=1
  // when iterating on tests only).
  if (process.env.E2E_SKIP_BUILD !== '1') buildWeb();
  server = await startServer();
  project.provide('baseURL', server.baseURL);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
