// ADR 196: the security headers are helmet's, computed once at start and replayed on every
// answer, instead of @fastify/helmet running helmet afresh per request. They must stay exactly
// what helmet sets on a real response for the same options, for every kind of deployment.
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import Fastify from 'fastify';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import {
  helmetOptions,
  registerSecurityHeaders,
  securityHeaderList,
  securityHeaderValues,
  type SecurityHeaderOptions,
} from './security-headers.ts';

const DEPLOYMENTS: Record<string, SecurityHeaderOptions> = {
  'plain http, local media': { https: false, mediaOrigin: undefined },
  'https with a media bucket': { https: true, mediaOrigin: 'https://cdn.example.test' },
  'reCAPTCHA, Google and Facebook sign-in, card entry': {
    https: true,
    mediaOrigin: 'https://media.example.test',
    recaptcha: true,
    googleSignIn: 'https://accounts.google.test/gsi/client',
    facebookLogin: {
      sdkBaseUrl: 'https://connect.facebook.test/en_US/sdk.js',
      dialogUrl: 'https://www.facebook.test/v19.0/dialog/oauth',
      graphUrl: 'https://graph.facebook.test',
    },
    cardEntryApiUrl: 'https://api.stripe.test',
  },
};

/** What helmet itself sets on a real Node response for these options. */
function helmetOnARealResponse(options: SecurityHeaderOptions): Record<string, string> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  const middleware = helmet(helmetOptions(options));
  middleware(request, response, (error) => {
    if (error) throw new Error('helmet failed', { cause: error });
  });
  return Object.fromEntries(
    Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
  );
}

async function answerHeaders(options: SecurityHeaderOptions, url: string) {
  const app = Fastify();
  registerSecurityHeaders(app, options);
  app.get('/ok', () => ({ ok: true }));
  app.get('/fails', () => {
    throw new Error('boom');
  });
  const response = await app.inject({ method: 'GET', url });
  await app.close();
  return response.headers;
}

describe('security headers replayed from one helmet run', () => {
  it.each(Object.entries(DEPLOYMENTS))('%s: exactly helmet’s headers', async (_name, options) => {
    const expected = helmetOnARealResponse(options);
    expect(Object.keys(expected)).toContain('content-security-policy');
    expect(securityHeaderValues(options)).toEqual(expected);
    for (const url of ['/ok', '/fails', '/unknown']) {
      const headers = await answerHeaders(options, url);
      for (const [name, value] of Object.entries(expected)) {
        expect(headers[name], `${url} ${name}`).toBe(value);
      }
    }
  });

  it('keeps helmet’s spelling of each name', () => {
    const names = securityHeaderList(DEPLOYMENTS['plain http, local media']!).map(([name]) => name);
    expect(names).toContain('Content-Security-Policy');
    expect(names).toContain('X-Frame-Options');
  });

  it('sends HSTS only over https', () => {
    expect(securityHeaderValues({ https: false, mediaOrigin: undefined })).not.toHaveProperty(
      'strict-transport-security',
    );
    expect(
      securityHeaderValues({ https: true, mediaOrigin: undefined })['strict-transport-security'],
    ).toBe('max-age=31536000; includeSubDomains');
  });

  // ADR 208: in Fastify's record of the reply's headers, not on the raw response, so that Node
  // writes every header of an answer in one pass (no per-header store, no merge at writeHead).
  it('keeps the headers in the reply (not on the raw response) until the answer is written', async () => {
    const options = DEPLOYMENTS['plain http, local media']!;
    const app = Fastify();
    registerSecurityHeaders(app, options);
    let onRaw: string[] = [];
    let onReply: unknown;
    app.get('/look', (_request, reply) => {
      onRaw = reply.raw.getHeaderNames();
      onReply = reply.getHeader('content-security-policy');
      return { ok: true };
    });
    const response = await app.inject({ method: 'GET', url: '/look' });
    await app.close();
    expect(onRaw).toEqual([]);
    expect(onReply).toBe(securityHeaderValues(options)['content-security-policy']);
    expect(response.headers['content-security-policy']).toBe(onReply);
  });
});
