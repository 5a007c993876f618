// The dev mailbox: GET /dev/mailbox (a page) and GET /v3/dev/mailbox/ (JSON), newest first.
// Both answer 404 in production, where mail must go out over SMTP and stored mail (reset
// links) must not be readable by anyone who can reach the server.
import { z } from 'zod';
import { AppError } from '@corkboard/shared/app-error';
import type { AppDeps, ModuleRoutes } from '../../core/app-deps.ts';
import { registerRawRoute, registerRoute } from '../../core/http/route.ts';
import { escapeHtml } from '../../plugins/app/page-meta.ts';
import { listDevMail } from '../../plugins/mail/dev-mailbox.repository.ts';

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

const devMailboxMessageSchema: z.ZodType<DevMailboxMessage> = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  created_at: z.string(),
});

/** The newest messages; ROUTE_NOT_FOUND in production (stored reset links must stay unreadable). */
async function latest(deps: AppDeps): Promise<DevMailboxMessage[]> {
  if (deps.config.nodeEnv === 'production') throw new AppError('ROUTE_NOT_FOUND');
  const rows = await listDevMail(deps.db, DEV_MAILBOX_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    created_at: row.created_at.toISOString(),
  }));
}

export const devMailboxRoutes: ModuleRoutes = (app, { deps }, done) => {
  registerRoute(app, {
    method: 'GET',
    url: '/v3/dev/mailbox/',
    summary: 'Mail stored instead of sent when SMTP_URL is unset (404 in production)',
    tags: ['dev'],
    access: 'anyone',
    response: z.array(devMailboxMessageSchema),
    handler: async ({ reply }) => {
      const messages = await latest(deps);
      reply.header('Cache-Control', 'no-store');
      return { data: messages };
    },
  });

  registerRawRoute(app, {
    method: 'GET',
    url: '/dev/mailbox',
    summary: 'The dev mailbox as a page (404 in production)',
    tags: ['dev'],
    access: 'anyone',
    produces: { 'text/html': z.string() },
    handler: async ({ reply }) => {
      const messages = await latest(deps);
      return reply
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderPage(messages, deps.mailer.transport));
    },
  });
  done();
};
