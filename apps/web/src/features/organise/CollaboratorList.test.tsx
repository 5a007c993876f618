// Collaborators in board edit (issue 10; ADR 125): the owner's list with invitations and Remove
// (after an inline question), and a collaborator's dialog with Leave board (after a confirmation).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { BoardCollaboratorItem } from '@corkboard/shared/saving/organise';
import { ok, stubApi } from '../../test/api.ts';
import { makeBoardDetail, makePins, makeUser, summaryOf } from '../../test/fixtures.ts';
import { renderSaving } from '../../test/render.tsx';
import { savingHandler } from '../../test/savingApi.ts';
import { BoardEditControls } from './BoardEditControls.tsx';

// The signed-in viewer of savingHandler is user 7 (alice).
const owned = makeBoardDetail({ id: '30', board_access: ['read', 'write'] });
const shared = makeBoardDetail({
  id: '31',
  name: 'Shared garden',
  board_access: ['read', 'write'],
  owner: summaryOf(makeUser({ id: '9', username: 'ben', full_name: 'Ben' })),
});

function member(id: string, name: string, status: 'invited' | 'accepted'): BoardCollaboratorItem {
  return {
    user: summaryOf(makeUser({ id, username: name.toLowerCase(), full_name: name })),
    status,
    created_at: '2026-11-01T00:00:00.000Z',
    accepted_at: status === 'accepted' ? '2026-11-02T00:00:00.000Z' : null,
  };
}

function stub() {
  const sent: { method: string; path: string }[] = [];
  stubApi(
    savingHandler({
      boards: [],
      extra: (url, init) => {
        const method = init?.method ?? 'GET';
        if (url.pathname === '/v3/boards/30/pins/') return ok(makePins(1, 2));
        if (url.pathname === '/v3/boards/30/collaborators/' && method === 'GET')
          return ok([member('8', 'Bob', 'accepted'), member('12', 'Cleo', 'invited')]);
        if (url.pathname === '/v3/boards/31/collaborators/' && method === 'GET')
          return ok([member('7', 'Alice', 'accepted'), member('8', 'Bob', 'accepted')]);
        if (url.pathname.includes('/collaborators/') && method !== 'GET') {
          sent.push({ method, path: url.pathname });
          return ok({ board_id: url.pathname.split('/')[3], user_id: '8' });
        }
        return undefined;
      },
    }),
  );
  return sent;
}

describe('CollaboratorList', () => {
  test('the owner sees collaborators and invitations and removes one after a question', async () => {
    const sent = stub();
    renderSaving(<BoardEditControls board={owned} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit board' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit your board' });
    const list = within(dialog).getByRole('region', { name: 'Collaborators' });
    await within(list).findByText('Bob');
    expect(within(list).getByText('Cleo')).toBeInTheDocument();
    expect(within(list).getByText('· Invited', { exact: false })).toBeInTheDocument();
    fireEvent.click(within(list).getByRole('button', { name: 'Remove Bob' }));
    expect(within(list).getByText('Remove Bob from this board?')).toBeInTheDocument();
    expect(sent).toEqual([]);
    fireEvent.click(within(list).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(sent).toEqual([{ method: 'DELETE', path: '/v3/boards/30/collaborators/8/' }]),
    );
    expect(await within(list).findByText('Removed Bob.')).toBeInTheDocument();
  });

  test('a collaborator sees the others without Remove and leaves after a confirmation', async () => {
    const sent = stub();
    renderSaving(<BoardEditControls board={shared} />);
    expect(screen.queryByRole('button', { name: 'Edit board' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Collaborators' }));
    const dialog = await screen.findByRole('dialog', { name: 'Shared garden' });
    await within(dialog).findByText('Bob');
    expect(within(dialog).queryByRole('button', { name: /^Remove/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave board' }));
    const confirm = await screen.findByRole('dialog', { name: 'Leave Shared garden?' });
    expect(sent).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Leave board' }));
    await waitFor(() =>
      expect(sent).toEqual([{ method: 'POST', path: '/v3/boards/31/collaborators/leave/' }]),
    );
  });
});
