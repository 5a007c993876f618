// Organise mode (issue 10; saving.md §4, §8): choosing pins by click and Shift-click, moving them
// (gone from the grid at once, back with the spec's message on 2171), deleting after a confirm.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fail, ok, stubApi } from '../../test/api.ts';
import { makeBoardDetail, makePickerBoard, makePins, makeSection } from '../../test/fixtures.ts';
import { renderSaving } from '../../test/render.tsx';
import { bodyOptions, savingHandler } from '../../test/savingApi.ts';
import { OrganiseView } from './OrganiseView.tsx';

const board = makeBoardDetail({ id: '30', pin_count: 5, board_access: ['read', 'write'] });
const target = makePickerBoard('40', { name: 'Kitchen ideas' });

function stub(answer: () => Response) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const bodies: Record<string, unknown>[] = [];
  const api = stubApi(
    savingHandler({
      boards: [target],
      sections: { '40': [makeSection('41', 'Lighting', '40')] },
      extra: (url, init) => {
        if (url.pathname === '/v3/boards/30/pins/') return ok(makePins(1, 5));
        if (
          url.pathname === '/resource/BulkEditSelectAllResource/update/' ||
          url.pathname === '/resource/BulkEditResource/delete/'
        ) {
          bodies.push({ path: url.pathname, ...bodyOptions(init) });
        }
        return undefined;
      },
    }),
  );
  const base = api.fetchMock.getMockImplementation();
  api.fetchMock.mockImplementation((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      input instanceof Request ? input.url : input.toString(),
      'http://localhost',
    );
    if (url.pathname.startsWith('/resource/Bulk')) {
      void base?.(input, init);
      return gate.then(answer);
    }
    return base ? base(input, init) : Promise.reject(new Error('no stub'));
  });
  return { bodies, release: () => release() };
}

const pinButton = (n: number) => screen.getByRole('button', { name: `Pin ${n}` });

describe('OrganiseView', () => {
  test('click and Shift-click choose a range; a move empties the grid at once', async () => {
    const { bodies, release } = stub(() =>
      ok({ pin_ids: ['2', '3', '4'], count: 3, target: { board_id: '40', section_id: '41' } }),
    );
    renderSaving(<OrganiseView board={board} sectionId={undefined} onDone={() => undefined} />);
    await screen.findByRole('button', { name: 'Pin 1' });
    fireEvent.click(pinButton(2));
    fireEvent.click(pinButton(4), { shiftKey: true });
    expect(pinButton(3)).toHaveAttribute('aria-pressed', 'true');
    expect(pinButton(1)).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('3 Pins selected')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move 3 Pins' });
    const section = within(dialog).getByLabelText('Section');
    await within(dialog).findByRole('option', { name: 'Lighting' });
    fireEvent.change(section, { target: { value: '41' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    // Optimistic: gone before the server answered.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Pin 3' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Pin 1' })).toBeInTheDocument();
    release();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      path: '/resource/BulkEditSelectAllResource/update/',
      board_id: '30',
      new_board_id: '40',
      old_section_id: null,
      new_section_id: '41',
      pin_ids: ['2', '3', '4'],
      inverse_selection: false,
    });
    expect(await screen.findByText('Moved 3 Pins to Kitchen ideas.')).toBeInTheDocument();
  });

  test('a move refused with 2171 puts the pins back and says to wait', async () => {
    const { release } = stub(() => fail('BOARD_MOVE_IN_PROGRESS'));
    renderSaving(<OrganiseView board={board} sectionId={undefined} onDone={() => undefined} />);
    await screen.findByRole('button', { name: 'Pin 1' });
    fireEvent.click(pinButton(1));
    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move 1 Pin' });
    await within(dialog).findByRole('option', { name: 'Kitchen ideas' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Pin 1' })).toBeNull());
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please wait until the previous board action finishes.',
    );
    expect(screen.getByRole('button', { name: 'Pin 1' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('Select all then delete sends "all except" after the confirmation', async () => {
    const { bodies, release } = stub(() => ok({ pin_ids: [], count: 4, target: null }));
    renderSaving(<OrganiseView board={board} sectionId={undefined} onDone={() => undefined} />);
    await screen.findByRole('button', { name: 'Pin 1' });
    fireEvent.click(screen.getByRole('button', { name: 'Select all' }));
    fireEvent.click(pinButton(5));
    expect(screen.getByText('4 Pins selected')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 4 Pins?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    release();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ board_id: '30', pin_ids: ['5'], inverse_selection: true });
    expect(await screen.findByText('Deleted 4 Pins.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pin 5' })).toBeInTheDocument();
  });
});
