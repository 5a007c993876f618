import type { TestProject } from 'vitest/node';
import { startMailSink, type MailSink } from './mailbox.ts';
import { buildWeb, startServer, type RunningServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** Folder where the SMTP sink writes each received mail as JSON (support/mailbox.ts). */
    mailDir: string;
  }
}

let server: RunningServer | undefined;
let mail: MailSink | undefined;

export async function setup(project: TestProject): Promise<void> {
  // Always test what we ship: build the SPA from the current sources (skip with E2E_SKIP_BUILD=1
  // when iterating on tests only).
  if (process.env.E2E_SKIP_BUILD !== '1') buildWeb();
  // The app mails over real SMTP to a sink on loopback (password reset journeys).
  mail = await startMailSink();
  // The create-page and bookmarklet journeys save images served on loopback (our own /media/ and
  // a test page's); the server's fetcher refuses loopback unless allowed.
  server = await startServer({ SMTP_URL: mail.url, FETCH_ALLOW_HOSTS: '127.0.0.1' });
  project.provide('baseURL', server.baseURL);
  project.provide('mailDir', mail.dir);
}

export async function teardown(): Promise<void> {
  await server?.stop();
  await mail?.stop();
}
