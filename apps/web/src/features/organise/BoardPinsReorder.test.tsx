// The board page's Reorder mode (issue 10; ADR 123, 124): the pins of the open section in the
// custom order, a keyboard move sent with the section, and the board's pin sort.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { ok, stubApi } from '../../test/api.ts';
import { makeBoardDetail, makePin } from '../../test/fixtures.ts';
import { renderSaving } from '../../test/render.tsx';
import { BoardPinsReorder } from './BoardPinsReorder.tsx';

const board = makeBoardDetail({ id: '30', board_access: ['read', 'write'] });

function stub() {
  return stubApi((url, init) => {
    if (url.pathname === '/v3/board/sections/41/pins/' && url.searchParams.get('sort') === 'custom')
      return ok([makePin('1'), makePin('2'), makePin('3')]);
    if (url.pathname === '/v3/boards/30/pins/order/' && init?.method === 'PUT')
      return ok({ board_id: '30', pin_sort: 'custom', board_order_modified_at: 'now' });
    if (url.pathname === '/v3/boards/30/pins/sort/' && init?.method === 'PUT')
      return ok({ board_id: '30', pin_sort: 'newest', board_order_modified_at: null });
    return undefined;
  });
}

describe('BoardPinsReorder', () => {
  test('moves a pin of the section by keyboard and sends the section along', async () => {
    const api = stub();
    renderSaving(<BoardPinsReorder board={board} sectionId="41" onDone={() => undefined} />);
    const list = await screen.findByRole('list', { name: 'Pins, in order' });
    const handle = await within(list).findByRole('button', { name: 'Move Pin 3' });
    expect(screen.getByLabelText('Sort Pins by')).toHaveValue('newest');
    handle.focus();
    fireEvent.keyDown(handle, { key: 'Enter' });
    fireEvent.keyDown(handle, { key: 'Home' });
    fireEvent.keyDown(handle, { key: 'Enter' });
    await waitFor(() =>
      expect(api.bodies('/v3/boards/30/pins/order/')).toEqual([
        { pin_id: '3', after_pin_id: null, section_id: '41' },
      ]),
    );
    // The move switched the board to Custom.
    await waitFor(() => expect(screen.getByLabelText('Sort Pins by')).toHaveValue('custom'));
  });

  test('the sort menu saves the board’s pin sort', async () => {
    const api = stub();
    renderSaving(
      <BoardPinsReorder
        board={{ ...board, board_order_modified_at: '2026-11-23T00:00:00.000Z' }}
        sectionId="41"
        onDone={() => undefined}
      />,
    );
    const select = await screen.findByLabelText('Sort Pins by');
    expect(select).toHaveValue('custom');
    fireEvent.change(select, { target: { value: 'newest' } });
    await waitFor(() =>
      expect(api.bodies('/v3/boards/30/pins/sort/')).toEqual([{ sort: 'newest' }]),
    );
    await waitFor(() => expect(select).toHaveValue('newest'));
  });
});
