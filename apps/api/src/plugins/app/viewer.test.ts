// ADR 196: the viewer hook takes a resolver's answer as it comes — at once when the resolver
// knows it without waiting (a visitor: no session cookie), later when it must look a session up
// — and a resolver's failure, either way, fails the request rather than making it a visitor's.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AuthEngine } from '../auth/auth-engine.ts';
import { sessionViewerResolver } from '../auth/session-viewer.ts';
import { registerViewer, type ViewerResolver } from './viewer.ts';

async function whoIs(resolver: ViewerResolver) {
  const app = Fastify();
  registerViewer(app, resolver);
  app.get('/who', (request) => ({ viewer: request.viewer }));
  const response = await app.inject({ method: 'GET', url: '/who' });
  await app.close();
  return response;
}

describe('the viewer hook', () => {
  it('takes an answer given at once', async () => {
    expect((await whoIs(() => ({ id: 'u1' }))).json()).toEqual({ viewer: { id: 'u1' } });
    expect((await whoIs(() => null)).json()).toEqual({ viewer: null });
  });

  it('waits for an answer that takes a lookup', async () => {
    const later: ViewerResolver = () =>
      new Promise((resolve) => setImmediate(() => resolve({ id: 'u2' })));
    expect((await whoIs(later)).json()).toEqual({ viewer: { id: 'u2' } });
  });

  it('fails the request when the resolver throws or rejects', async () => {
    const throws: ViewerResolver = () => {
      throw new Error('session store down');
    };
    const rejects: ViewerResolver = () => Promise.reject(new Error('session store down'));
    expect((await whoIs(throws)).statusCode).toBe(500);
    expect((await whoIs(rejects)).statusCode).toBe(500);
  });
});

describe('the session resolver', () => {
  /** Any use of the engine fails the test: these requests must not reach it. */
  const untouchable = new Proxy({} as AuthEngine, {
    get() {
      throw new Error('the session engine was asked');
    },
  });
  const resolve = sessionViewerResolver(untouchable, { error: () => undefined });

  async function resolvedFor(url: string, cookie?: string) {
    const app = Fastify();
    let answer: unknown = 'not resolved';
    app.get('/*', (request, reply) => {
      const given = resolve(request, reply);
      // A lookup's outcome, caught at once (an unobserved rejection would fail the run).
      answer =
        given instanceof Promise
          ? given.then(
              () => ({ lookup: 'resolved' }),
              (error: unknown) => ({ lookup: (error as Error).message }),
            )
          : given;
      return {};
    });
    await app.inject({ method: 'GET', url, headers: cookie === undefined ? {} : { cookie } });
    await app.close();
    // Boxed: returning a promise from this async function would hand back its outcome instead.
    return { answer };
  }

  it('knows a visitor at once, without a promise: no cookie, or no session cookie', async () => {
    expect((await resolvedFor('/v3/feeds/home/')).answer).toBeNull();
    expect(
      (await resolvedFor('/v3/feeds/home/', 'csrftoken=abc; visitor_id=def')).answer,
    ).toBeNull();
  });

  it('never looks a session up for immutable files', async () => {
    expect((await resolvedFor('/media/x.jpg', 'corkboard.session_token=abc')).answer).toBeNull();
  });

  it('looks a session cookie up (asynchronously)', async () => {
    const { answer } = await resolvedFor('/v3/feeds/home/', 'corkboard.session_token=abc');
    expect(answer).toBeInstanceOf(Promise);
    // The engine was asked (and refused): an API path reports the failure rather than a visitor.
    expect(await answer).toEqual({ lookup: 'the session engine was asked' });
  });
});
