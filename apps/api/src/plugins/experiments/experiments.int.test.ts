import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@corkboard/db/create-db';
import { createTestDb } from '@corkboard/db/testing';
import { VISITOR_ID_COOKIE } from '@corkboard/shared/auth/api';
import { resolveGroup } from '@corkboard/shared/experiments/experiments';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { body, setCookies, TestBrowser } from '../../test/test-browser.ts';

interface ExperimentsAnswer {
  visitor_id: string;
  groups: Record<string, string>;
}

let handle: DbHandle;
let test: TestApp;

beforeAll(async () => {
  handle = await createTestDb();
  test = await buildTestApp(handle.db, {
    viewer: 'session',
    config: { experiments: {} },
  });
});
afterAll(async () => {
  await test.close();
  await handle.close();
});

describe('experiments', () => {
  it('sets a visitor_id cookie once and buckets by it', async () => {
    const b = new TestBrowser(test.app);
    const first = await b.get('/v3/experiments/');
    const cookie = setCookies(first).find((c) => c.name === VISITOR_ID_COOKIE);
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(cookie?.attributes).toMatchObject({ samesite: 'Lax', path: '/' });
    expect(cookie?.attributes['httponly']).toBeUndefined();
    const data = body<ExperimentsAnswer>(first).resource_response.data;
    expect(data.visitor_id).toBe(cookie?.value);
    expect(data.groups['web_increased_min_password_length']).toBe(
      resolveGroup('web_increased_min_password_length', data.visitor_id),
    );
    const second = await b.get('/v3/experiments/');
    expect(setCookies(second).some((c) => c.name === VISITOR_ID_COOKIE)).toBe(false);
    expect(body<ExperimentsAnswer>(second).resource_response.data.visitor_id).toBe(data.visitor_id);
  });

  it('sets no cookie on immutable files', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/media/none.jpg' });
    expect(setCookies(response).some((c) => c.name === VISITOR_ID_COOKIE)).toBe(false);
  });

  it('honours ?exp= outside production only, and the EXPERIMENTS setting always', async () => {
    const forced = await new TestBrowser(test.app).get(
      '/v3/experiments/?exp=web_kr_privacy_consent_step:control',
    );
    expect(
      body<ExperimentsAnswer>(forced).resource_response.data.groups['web_kr_privacy_consent_step'],
    ).toBe('control');

    const production = await buildTestApp(handle.db, {
      viewer: 'session',
      config: {
        nodeEnv: 'production',
        experiments: { web_increased_min_password_length: 'enabled' },
      },
    });
    try {
      const ignored = await new TestBrowser(production.app).get(
        '/v3/experiments/?exp=web_kr_privacy_consent_step:control,web_increased_min_password_length:control',
      );
      const groups = body<ExperimentsAnswer>(ignored).resource_response.data.groups;
      expect(groups['web_kr_privacy_consent_step']).toBe('enabled');
      expect(groups['web_increased_min_password_length']).toBe('enabled');
    } finally {
      await production.close();
    }
  });
});
