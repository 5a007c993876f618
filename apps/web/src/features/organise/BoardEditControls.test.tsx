// Board edit, archive and delete from the board page (issue 10; ADR 058): who sees which
// control, the name rule's copy (nothing sent), the request sent, delete after a confirm, and
// Archive for a collaborator.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { failure } from '@corkboard/shared/envelope';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { fail, ok, stubApi } from '../../test/api.ts';
import { makeBoardDetail, makePins, makeUser, summaryOf } from '../../test/fixtures.ts';
import { renderSaving } from '../../test/render.tsx';
import { bodyOptions, savingHandler } from '../../test/savingApi.ts';
import { BoardEditControls } from './BoardEditControls.tsx';

// The signed-in viewer of savingHandler is user 7 (alice).
const owned = makeBoardDetail({ id: '30', pin_count: 2, board_access: ['read', 'write'] });
const shared = makeBoardDetail({
  id: '31',
  board_access: ['read', 'write'],
  owner: summaryOf(makeUser({ id: '9', username: 'ben', full_name: 'Ben' })),
});

function stub(answers: { update?: () => Response; archive?: () => Response } = {}) {
  const sent: { method: string; path: string; options: Record<string, unknown> }[] = [];
  stubApi(
    savingHandler({
      boards: [],
      extra: (url, init) => {
        const method = init?.method ?? 'GET';
        if (url.pathname === '/v3/boards/30/pins/') return ok(makePins(1, 2));
        if (url.pathname === '/resource/BoardResource/update/') {
          const options = bodyOptions(init);
          sent.push({ method, path: url.pathname, options });
          return answers.update?.() ?? ok({ ...owned, url: owned.url });
        }
        if (url.pathname === '/resource/BoardResource/delete/') {
          sent.push({ method, path: url.pathname, options: bodyOptions(init) });
          return ok({ board_id: '30' });
        }
        if (url.pathname.endsWith('/archive/')) {
          sent.push({ method, path: url.pathname, options: {} });
          return answers.archive?.() ?? ok({ board_id: '31', archived_by_me_at: null });
        }
        return undefined;
      },
    }),
  );
  return sent;
}

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Edit board' }));
  return screen.findByRole('dialog', { name: 'Edit your board' });
}

describe('BoardEditControls', () => {
  test('the owner gets Edit board and Archive; a collaborator only Archive; a reader nothing', async () => {
    stub();
    renderSaving(
      <>
        <BoardEditControls board={owned} />
        <BoardEditControls board={shared} />
        <BoardEditControls board={makeBoardDetail({ id: '32', board_access: ['read'] })} />
      </>,
    );
    await screen.findByRole('button', { name: 'Edit board' });
    expect(screen.getAllByRole('button', { name: 'Edit board' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Archive' })).toHaveLength(2);
  });

  test('a blank name says the spec sentence and sends nothing', async () => {
    const sent = stub();
    renderSaving(<BoardEditControls board={owned} />);
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText("Don't forget to name your board!")).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  test('saves the name, description, Secret and cover', async () => {
    const sent = stub();
    renderSaving(<BoardEditControls board={owned} />);
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Gardens' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Keep this board secret' }));
    await within(dialog).findByRole('option', { name: 'Pin 2' });
    fireEvent.change(within(dialog).getByLabelText('Cover'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/resource/BoardResource/update/',
        options: {
          board_id: '30',
          name: 'Gardens',
          description: 'Ideas for the garden.',
          privacy: 'secret',
          cover_pin_id: '2',
        },
      },
    ]);
  });

  test("a taken name is said under the field from the server's answer", async () => {
    const taken = ERROR_CODES.BOARD_NAME_TAKEN;
    stub({
      update: () =>
        Response.json(
          failure({
            api_error_code: taken.code,
            message: taken.message,
            http_status: taken.httpStatus,
            data: { field: 'name' },
          }),
          { status: taken.httpStatus },
        ),
    });
    renderSaving(<BoardEditControls board={owned} />);
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const name = within(dialog).getByLabelText('Name');
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription(taken.message);
  });

  test('delete asks first, naming the board and its pins, then sends BoardResource delete', async () => {
    const sent = stub();
    renderSaving(<BoardEditControls board={owned} />);
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete board' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Summer gardens?' });
    expect(confirm).toHaveTextContent(
      "This board and its 2 Pins will be deleted. This can't be undone.",
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete board' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'POST',
          path: '/resource/BoardResource/delete/',
          options: { board_id: '30' },
        },
      ]),
    );
  });

  test('Archive files the board away for the collaborator (PUT), then offers Unarchive', async () => {
    const sent = stub();
    renderSaving(<BoardEditControls board={shared} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Archive' }));
    await screen.findByRole('button', { name: 'Unarchive' });
    expect(sent).toEqual([{ method: 'PUT', path: '/v3/boards/31/archive/', options: {} }]);
  });

  test('a refused archive says why and keeps the button as it was', async () => {
    stub({ archive: () => fail('BOARD_NOT_MEMBER') });
    renderSaving(<BoardEditControls board={shared} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Archive' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Only the board's owner and collaborators can do that.",
    );
    expect(screen.getByRole('button', { name: 'Archive' })).toBeInTheDocument();
  });
});
