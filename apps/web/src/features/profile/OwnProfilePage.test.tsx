// The `_profile` paths (saving.md §2.10 "A path segment _profile marks the viewer's own profile
// pages"; docs/decisions/133).
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { ok, stubApi } from '../../test/api.ts';
import { makeAuthUser, makeBoard, makePins, makeUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { profilePathFor } from './ownProfile.ts';

function stubProfile(signedIn: boolean) {
  return stubApi((url) => {
    if (url.pathname === '/v3/users/me/' && signedIn) return ok(makeAuthUser());
    if (url.pathname === '/v3/users/alice/') return ok(makeUser());
    if (url.pathname === '/v3/users/alice/boards/') return ok([makeBoard()]);
    if (url.pathname === '/v3/users/alice/pins/') return ok(makePins(1, 2));
    return undefined;
  });
}

describe('profilePathFor', () => {
  test('boards is the profile itself, pins its tab, anything else nothing', () => {
    expect(profilePathFor('alice', undefined)).toBe('/alice/');
    expect(profilePathFor('alice', 'boards')).toBe('/alice/');
    expect(profilePathFor('alice', 'pins')).toBe('/alice/?tab=pins');
    expect(profilePathFor('alice', 'secrets')).toBeNull();
  });
});

describe('/_profile/ paths', () => {
  test("/_profile/ opens the signed-in person's own profile", async () => {
    const api = stubProfile(true);
    renderApp('/_profile/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Alice Example' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(api.requests().some((path) => path.startsWith('/v3/users/alice/boards/'))).toBe(true),
    );
  });

  test('/_profile/pins/ opens their pins', async () => {
    const api = stubProfile(true);
    renderApp('/_profile/pins/');
    await screen.findByRole('heading', { level: 1, name: 'Alice Example' });
    await waitFor(() =>
      expect(api.requests().some((path) => path.startsWith('/v3/users/alice/pins/'))).toBe(true),
    );
  });

  test('a visitor logs in first', async () => {
    stubProfile(false);
    renderApp('/_profile/pins/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Log in to see more' }),
    ).toBeInTheDocument();
  });

  test("/{username}/_profile/ is that person's profile, for visitors too", async () => {
    stubProfile(false);
    renderApp('/alice/_profile/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Alice Example' }),
    ).toBeInTheDocument();
  });

  test('an unknown tab is not found', async () => {
    stubProfile(true);
    renderApp('/_profile/secrets/');
    expect(
      await screen.findByRole('heading', { name: 'This page could not be found' }),
    ).toBeInTheDocument();
  });
});
