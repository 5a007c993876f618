// /invite/board/?token=… (the link of an e-mail collaborator invitation, ADR 008).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fail, ok, stubApi } from '../../test/api.ts';
import { makeAuthUser, makeBoardDetail } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

const preview = {
  board: { id: '30', name: 'Summer gardens' },
  invited_by: { id: '9', username: 'gus', full_name: 'Gus Grows', image_medium_url: null },
  expires_at: '2026-12-05T00:00:00.000Z',
  accepted: false,
};

describe('board invitation page', () => {
  test('a signed-in person accepts and lands on the board', async () => {
    const api = stubApi((url) => {
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser({ id: '50', username: 'ann' }));
      if (url.pathname === '/v3/board_invites/') {
        expect(url.searchParams.get('token')).toBe('tok-1');
        return ok(preview);
      }
      if (url.pathname === '/v3/board_invites/accept/') {
        return ok({
          board: { id: '30', name: 'Summer gardens', url: '/alice/summer-gardens/' },
          status: 'accepted',
        });
      }
      if (url.pathname === '/v3/boards/alice/summer-gardens/') return ok(makeBoardDetail());
      if (url.pathname === '/v3/boards/30/pins/') return ok([]);
      return undefined;
    });
    renderApp('/invite/board/?token=tok-1');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Gus Grows invited you to collaborate on Summer gardens',
      }),
    ).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Summer gardens' }),
    ).toBeInTheDocument();
    expect(api.bodies('/v3/board_invites/accept/')).toEqual([{ token: 'tok-1' }]);
  });

  test('a visitor is asked to sign up first (source boardInvite)', async () => {
    stubApi((url) => (url.pathname === '/v3/board_invites/' ? ok(preview) : undefined));
    renderApp('/invite/board/?token=tok-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign up to accept' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in to accept' })).toBeInTheDocument();
  });

  test('an expired or used link says so with the server message', async () => {
    stubApi((url) =>
      url.pathname === '/v3/board_invites/' ? fail('COLLABORATOR_INVITE_TOKEN_INVALID') : undefined,
    );
    renderApp('/invite/board/?token=old');
    expect(
      await screen.findByText('This invitation link is invalid or has expired.'),
    ).toBeInTheDocument();
  });

  test('accepting your own invitation shows why it failed', async () => {
    stubApi((url) => {
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser());
      if (url.pathname === '/v3/board_invites/') return ok(preview);
      if (url.pathname === '/v3/board_invites/accept/') return fail('COLLABORATOR_INVITE_SELF');
      return undefined;
    });
    renderApp('/invite/board/?token=tok-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent("You're already on this board."),
    );
  });

  test('a link without a token', async () => {
    stubApi(() => undefined);
    renderApp('/invite/board/');
    expect(
      await screen.findByText('This invitation link is incomplete. Open it again from the email.'),
    ).toBeInTheDocument();
  });
});
