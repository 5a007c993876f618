// A real SMTP server on loopback for the journeys: the app sends its mail over SMTP_URL exactly
// as in production, and each message received is written as a JSON file into a folder the tests
// read (vitest's provide/inject carries the folder's path to them).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Epoch milliseconds when the sink received it. */
  receivedAt: number;
}

export interface MailSink {
  url: string;
  dir: string;
  stop(): Promise<void>;
}

export async function startMailSink(): Promise<MailSink> {
  const dir = mkdtempSync(join(tmpdir(), 'corkboard-e2e-mail-'));
  let sequence = 0;
  const server = new SMTPServer({
    // Loopback only, no TLS and no login: the app under test is the only client.
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt: Date.now(),
          };
          sequence += 1;
          writeFileSync(join(dir, `${Date.now()}-${sequence}.json`), JSON.stringify(mail));
          callback();
        })
        .catch((error: unknown) =>
          callback(error instanceof Error ? error : new Error(String(error))),
        );
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    dir,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}

function readAll(dir: string): ReceivedMail[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as ReceivedMail);
}

/** The newest mail to `address` received after `since`, waiting up to `timeoutMs` for it. */
export async function waitForMail(
  dir: string,
  address: string,
  since: number,
  timeoutMs = 15_000,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = readAll(dir)
      .filter((mail) => mail.to.includes(address.toLowerCase()) && mail.receivedAt >= since)
      .at(-1);
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
}
