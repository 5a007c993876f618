// Editing a board's sections (issue 10; ADR 059): move up / down by button (keyboard, not drag),
// rename with the name rule's copy, delete after a question that says the pins stay.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { BoardSection } from '@corkboard/shared/api-types';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { fail, ok, stubApi } from '../../test/api.ts';
import { makeBoardDetail } from '../../test/fixtures.ts';
import { renderSaving } from '../../test/render.tsx';
import { bodyOptions, savingHandler } from '../../test/savingApi.ts';
import { SectionsDialog } from './SectionsDialog.tsx';

function section(id: string, title: string): BoardSection {
  return { id, title, slug: title.toLowerCase(), pin_count: 2, preview_images: [] };
}

const board = makeBoardDetail({
  id: '30',
  board_access: ['read', 'write'],
  sections: [section('41', 'Lamps'), section('42', 'Chairs'), section('43', 'Tables')],
});

function stub(answers: { rename?: () => Response } = {}) {
  const sent: { method: string; path: string; body: Record<string, unknown> }[] = [];
  let order = ['41', '42', '43'];
  stubApi(
    savingHandler({
      boards: [],
      extra: (url, init) => {
        const method = init?.method ?? 'GET';
        if (url.pathname === '/v3/boards/30/sections/order/') {
          const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<
            string,
            unknown
          >;
          sent.push({ method, path: url.pathname, body });
          // The server's new order, as the reorder gives it.
          const moved = String(body['section_id']);
          const after = body['after_section_id'];
          order = order.filter((id) => id !== moved);
          order.splice(typeof after === 'string' ? order.indexOf(after) + 1 : 0, 0, moved);
          return ok({ section_ids: [...order] });
        }
        if (url.pathname.startsWith('/resource/BoardSectionResource/')) {
          sent.push({ method, path: url.pathname, body: bodyOptions(init) });
          if (url.pathname.endsWith('/update/') && answers.rename) return answers.rename();
          return ok({ section_id: '41', pins_kept: 2 });
        }
        return undefined;
      },
    }),
  );
  return sent;
}

const dialog = () => screen.getByRole('dialog', { name: 'Edit sections' });

describe('SectionsDialog', () => {
  test('Move down and Move up follow the order the server answered; the ends are disabled', async () => {
    const sent = stub();
    renderSaving(<SectionsDialog board={board} onClose={() => undefined} />);
    await screen.findByRole('dialog', { name: 'Edit sections' });
    expect(within(dialog()).getByRole('button', { name: 'Move up Lamps' })).toBeDisabled();
    expect(within(dialog()).getByRole('button', { name: 'Move down Tables' })).toBeDisabled();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Move down Lamps' }));
    // Chairs, Lamps, Tables at once (the board prop still has the old order).
    await waitFor(() =>
      expect(within(dialog()).getByRole('button', { name: 'Move up Chairs' })).toBeDisabled(),
    );
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Move up Tables' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    // Chairs, Tables, Lamps: Tables moves up to the top next.
    await waitFor(() =>
      expect(within(dialog()).getByRole('button', { name: 'Move down Lamps' })).toBeDisabled(),
    );
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Move up Tables' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent.map((entry) => entry.body)).toEqual([
      { section_id: '41', after_section_id: '42' },
      { section_id: '43', after_section_id: '42' },
      { section_id: '43', after_section_id: null },
    ]);
    expect(sent.every((entry) => entry.method === 'PUT')).toBe(true);
    await waitFor(() =>
      expect(within(dialog()).getByRole('button', { name: 'Move up Tables' })).toBeDisabled(),
    );
  });

  test('rename: a blank name is said and not sent; a taken one shows the server sentence', async () => {
    const sent = stub({ rename: () => fail('SECTION_NAME_TAKEN') });
    renderSaving(<SectionsDialog board={board} onClose={() => undefined} />);
    await screen.findByRole('dialog', { name: 'Edit sections' });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Rename Chairs' }));
    const input = within(dialog()).getByLabelText('New name for Chairs');
    fireEvent.change(input, { target: { value: '  ' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByText("Don't forget to name your section!")).toBeVisible();
    expect(sent).toEqual([]);
    fireEvent.change(input, { target: { value: 'Lamps' } });
    expect(within(dialog()).queryByText("Don't forget to name your section!")).toBeNull();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/resource/BoardSectionResource/update/',
      body: { section_id: '42', name: 'Lamps' },
    });
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      ERROR_CODES.SECTION_NAME_TAKEN.message,
    );
  });

  test('delete asks first and says the pins stay; Delete sends BoardSectionResource delete', async () => {
    const sent = stub();
    renderSaving(<SectionsDialog board={board} onClose={() => undefined} />);
    await screen.findByRole('dialog', { name: 'Edit sections' });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete Tables' }));
    expect(
      within(dialog()).getByText('Delete Tables? Its Pins stay on the board.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete Tables' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'POST',
          path: '/resource/BoardSectionResource/delete/',
          body: { section_id: '43' },
        },
      ]),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Deleted Tables. Its Pins are still on the board.',
    );
  });
});
