// The page an identity provider's redirect lands on in the sign-in pop-up (LINE, SSO;
// docs/decisions/032, 033). It posts one message to the window that opened it — only to our own
// origin — and leaves the closing to that window, which closes it once the message is handled; it
// closes itself only after POPUP_SELF_CLOSE_FALLBACK_MS (ADR 213 addendum: closing at once let the
// opener see the pop-up closed before the message was dispatched). Its one inline script is allowed by a per-answer CSP nonce; nothing else
// runs, and the answer is never cached.
import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { POPUP_SELF_CLOSE_FALLBACK_MS } from '@corkboard/shared/auth/social-api';

/** JSON safe inside <script>: no `</script>`, no HTML comment openers, no line separators. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

export interface CallbackPage {
  /** The page's title and heading (also what a person sees if script is off). */
  title: string;
  text: string;
  /** Posted to `window.opener`, with `targetOrigin`. */
  message: Record<string, unknown>;
  targetOrigin: string;
}

export function sendCallbackPage(reply: FastifyReply, page: CallbackPage): FastifyReply {
  const nonce = randomBytes(16).toString('base64');
  const script = `(function () {
  var message = ${scriptJson(page.message)};
  if (window.opener) {
    window.opener.postMessage(message, ${scriptJson(page.targetOrigin)});
    setTimeout(function () {
      window.close();
    }, ${POPUP_SELF_CLOSE_FALLBACK_MS});
  }
})();`;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(page.title)}</title>
</head>
<body>
<main>
<h1>${escapeHtml(page.title)}</h1>
<p>${escapeHtml(page.text)}</p>
</main>
<script nonce="${nonce}">${script}</script>
</body>
</html>
`;
  return (
    reply
      .header(
        'content-security-policy',
        `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      )
      .header('cache-control', 'no-store')
      // The pop-up came back from the provider's origin: with the site's same-origin-allow-popups
      // it would land in a new browsing context group and lose `window.opener` (ADR 136).
      .header('cross-origin-opener-policy', 'unsafe-none')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(html)
  );
}
