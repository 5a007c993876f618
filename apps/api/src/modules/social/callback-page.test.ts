// The sign-in pop-up's callback page (ADR 032, 033; ADR 213 addendum): its one script posts the
// result to the opener, only to our origin, and leaves the closing to the opener. Closing at once
// raced the message: the opener's `popup.closed` poll could run before the message was dispatched.
import { runInNewContext } from 'node:vm';
import Fastify from 'fastify';
import { describe, expect, test, vi } from 'vitest';
import { POPUP_SELF_CLOSE_FALLBACK_MS } from '@corkboard/shared/auth/social-api';
import { sendCallbackPage } from './callback-page.ts';

async function callbackHtml(message: Record<string, unknown>): Promise<{
  html: string;
  csp: string;
}> {
  const app = Fastify();
  app.get('/callback', (_request, reply) =>
    sendCallbackPage(reply, {
      title: 'Signing you in',
      text: 'You can close this window.',
      message,
      targetOrigin: 'http://127.0.0.1:3000',
    }),
  );
  const answer = await app.inject({ method: 'GET', url: '/callback' });
  await app.close();
  return { html: answer.body, csp: String(answer.headers['content-security-policy']) };
}

/** Runs the page's script against a stand-in window with an opener and a clock. */
function runScript(html: string, opener: { postMessage: (...args: unknown[]) => void } | null) {
  const script = /<script nonce="([^"]+)">([\s\S]*?)<\/script>/.exec(html);
  if (!script?.[2]) throw new Error('no script in the callback page');
  const timers: { run: () => void; delay: number }[] = [];
  const close = vi.fn();
  const window = { opener, close };
  runInNewContext(script[2], {
    window,
    setTimeout: (run: () => void, delay: number) => timers.push({ run, delay }),
  });
  return { close, timers, nonce: script[1] };
}

describe('the pop-up callback page', () => {
  test('posts the message to the opener at our origin, and does not close before the opener can hear it', async () => {
    const message = { type: 'corkboard-sso-callback', code: 'c<ode>', state: 's' };
    const { html, csp } = await callbackHtml(message);
    const postMessage = vi.fn();
    const { close, timers, nonce } = runScript(html, { postMessage });
    expect(postMessage).toHaveBeenCalledWith(message, 'http://127.0.0.1:3000');
    expect(close).not.toHaveBeenCalled();
    // The fallback for an opener that never closes it.
    expect(timers.map((timer) => timer.delay)).toEqual([POPUP_SELF_CLOSE_FALLBACK_MS]);
    timers[0]?.run();
    expect(close).toHaveBeenCalledTimes(1);
    expect(csp).toContain(`script-src 'nonce-${nonce}'`);
  });

  test('without an opener it posts nothing and stays open, saying what happened', async () => {
    const { html } = await callbackHtml({ type: 'corkboard-sso-callback', error: 'denied' });
    const { close, timers } = runScript(html, null);
    expect(close).not.toHaveBeenCalled();
    expect(timers).toEqual([]);
    expect(html).toContain('You can close this window.');
  });
});
