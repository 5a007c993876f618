// The dev mailbox: GET /dev/mailbox (a page) and GET /v3/dev/mailbox/ (JSON), newest first.
// Both answer 404 in production, where mail must go out over SMTP and stored mail (reset
// links) must not be readable by anyone who can reach the server.
import type { FastifyInstance } from 'fastify';
import { AppError } from '@corkboard/shared/app-error';
import { success } from '@corkboard/shared/envelope';
import { escapeHtml } from '../../plugins/app/page-meta.ts';

/** The mailbox shows this many of the newest messages. */
export const DEV_MAILBOX_LIMIT = 50;

export interface DevMailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  created_at: string;
}

/** A URL in already-escaped text: `&amp;` belongs to it, any other entity (a quote) ends it. */
const URL_IN_TEXT = /https?:\/\/(?:[^\s<>&]|&amp;)+/g;

/** Escaped text with http(s) links made clickable (the escaped URL is the href as well). */
function linkify(text: string): string {
  return escapeHtml(text).replace(URL_IN_TEXT, (url) => `<a href="${url}">${url}</a>`);
}

function renderPage(messages: DevMailboxMessage[], transport: string): string {
  const items = messages
    .map(
      (message) => `<article>
<h2>${escapeHtml(message.subject)}</h2>
<p class="meta">To ${escapeHtml(message.to)} · ${escapeHtml(message.created_at)}</p>
<pre>${linkify(message.text)}</pre>
</article>`,
    )
    .join('\n');
  const empty =
    transport === 'smtp'
      ? '<p>SMTP_URL is set: mail goes to the mail server, not here.</p>'
      : '<p>No mail yet.</p>';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Dev mailbox · Corkboard</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 48rem; padding: 0 1rem; color: #111; }
article { border-top: 1px solid #ddd; padding: 1rem 0; }
h2 { font-size: 1.1rem; margin: 0; }
.meta { color: #555; margin: 0.25rem 0 0.5rem; font-size: 0.9rem; }
pre { white-space: pre-wrap; word-break: break-word; background: #f6f6f6; padding: 0.75rem; border-radius: 8px; }
</style>
</head>
<body>
<h1>Dev mailbox</h1>
${items || empty}
</body>
</html>
`;
}

export function registerDevMailboxRoutes(
  app: FastifyInstance,
  options: { isProduction: boolean; transport: string },
): void {
  async function latest(): Promise<DevMailboxMessage[]> {
    if (options.isProduction) throw new AppError('ROUTE_NOT_FOUND');
    const rows = await app.db
      .selectFrom('dev_mailbox')
      .select(['id', 'to_address', 'subject', 'text_body', 'html_body', 'created_at'])
      .orderBy('id', 'desc')
      .limit(DEV_MAILBOX_LIMIT)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      created_at: row.created_at.toISOString(),
    }));
  }

  app.get('/v3/dev/mailbox/', async (_request, reply) => {
    const messages = await latest();
    reply.header('Cache-Control', 'no-store');
    return success(messages);
  });

  app.get('/dev/mailbox', async (_request, reply) => {
    const messages = await latest();
    return reply
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderPage(messages, options.transport));
  });
}
