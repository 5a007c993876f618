// The save modal inside the app, from a closeup's Save button, against a stubbed API: the
// board picker (lists, search, keyboard), the section picker, creating a board, the outcome
// (toast and pin-saved dialog) and failures (saving.md §2.3–§2.9, §8).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fail, ok, stubApi } from '../../test/api.ts';
import { makePickerBoard, makePin, makeSavedPin, makeSection } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { savingHandler, type SavingApiScript } from '../../test/savingApi.ts';

const pin = makePin('12', { title: 'Lemon ricotta pasta' });

const boards = [
  makePickerBoard('1', { name: 'Weeknight Dinners', section_count: 2 }),
  makePickerBoard('2', { name: '2024 Trips' }),
  makePickerBoard('3', { name: 'Summer Desserts', privacy: 'secret' }),
  makePickerBoard('4', {
    name: 'Vegetable Garden',
    collaborating_users: [
      { id: '20', username: 'gus', full_name: 'Gus Grows', image_medium_url: null },
      { id: '21', username: 'ines', full_name: 'Ines Interiors', image_medium_url: null },
    ],
  }),
  makePickerBoard('5', { name: 'Pantry Staples' }),
];

function stubSaving(script: Partial<SavingApiScript> = {}) {
  const handler = savingHandler({
    boards,
    shortlist: [boards[4]!, boards[0]!],
    sections: { '1': [makeSection('71', 'Pasta'), makeSection('72', 'Soups')] },
    ...script,
  });
  return stubApi((url, init) => {
    if (url.pathname === '/v3/pins/12/') return ok(pin);
    if (url.pathname.startsWith('/v3/boards/') && url.pathname.endsWith('/pins/')) return ok([]);
    return handler(url, init);
  });
}

async function openModal() {
  renderApp('/pin/12/');
  await screen.findByRole('button', { name: 'Your account' });
  const save = await screen.findByRole('button', { name: 'Save' });
  // As a browser does: pressing a button focuses it (the modal returns focus there).
  save.focus();
  fireEvent.click(save);
  const dialog = await screen.findByRole('dialog', { name: 'Repin modal' });
  await within(dialog).findByRole('group', { name: 'All boards' });
  return dialog;
}

const search = (dialog: HTMLElement) =>
  within(dialog).getByRole('combobox', { name: 'Search your boards' });

describe('save modal', () => {
  test('opens on Choose board with Top choices, then All boards sorted with digit names last', async () => {
    stubSaving();
    const dialog = await openModal();
    expect(within(dialog).getByRole('heading', { name: 'Choose board' })).toBeInTheDocument();
    expect(search(dialog)).toHaveFocus();

    const top = within(dialog).getByRole('group', { name: 'Top choices' });
    expect(
      within(top)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      expect.stringContaining('Pantry Staples'),
      expect.stringContaining('Weeknight Dinners'),
    ]);
    const all = within(dialog).getByRole('group', { name: 'All boards' });
    const names = within(all)
      .getAllByRole('option')
      .map((option) => option.querySelector('.picker-row__name')?.textContent);
    expect(names).toEqual([
      'Pantry Staples',
      'Summer Desserts',
      'Vegetable Garden',
      'Weeknight Dinners',
      '2024 Trips',
    ]);
    // Secret boards say so; collaborators are named.
    expect(
      within(all).getByRole('option', { name: /Summer Desserts.*Secret/ }),
    ).toBeInTheDocument();
    expect(
      within(all).getByRole('option', {
        name: /Vegetable Garden.*With Gus Grows and Ines Interiors/,
      }),
    ).toBeInTheDocument();
  });

  test('3 boards or fewer are one flat list', async () => {
    stubSaving({ boards: boards.slice(1, 4), shortlist: [] });
    renderApp('/pin/12/');
    await screen.findByRole('button', { name: 'Your account' });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Repin modal' });
    const listbox = await within(dialog).findByRole('listbox', { name: 'Boards' });
    await within(listbox).findByRole('option', { name: /Summer Desserts/ });
    expect(within(listbox).queryByRole('group', { name: 'Top choices' })).not.toBeInTheDocument();
    expect(within(listbox).getAllByRole('option')).toHaveLength(4); // 3 boards + Create board
  });

  test('typing filters and highlights; Enter with no row chosen creates a board named from it', async () => {
    stubSaving();
    const dialog = await openModal();
    fireEvent.change(search(dialog), { target: { value: 'sum des' } });
    const matches = within(dialog).getByRole('group', { name: 'Boards matching “sum des”' });
    const options = within(matches).getAllByRole('option');
    expect(options).toHaveLength(1);
    expect(
      Array.from(options[0]!.querySelectorAll('mark')).map((mark) => mark.textContent),
    ).toEqual(['Sum', 'Des']);

    fireEvent.change(search(dialog), { target: { value: 'Camping gear' } });
    expect(within(dialog).getByText('No boards match “Camping gear”')).toBeInTheDocument();
    fireEvent.keyDown(search(dialog), { key: 'Enter' });
    expect(
      await within(dialog).findByRole('heading', { name: 'Create board' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Camping gear');
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });

  test('keyboard only: arrows cross from Top choices into All boards, Enter saves there', async () => {
    const api = stubSaving();
    const dialog = await openModal();
    const input = search(dialog);
    for (let step = 0; step < 3; step += 1) fireEvent.keyDown(input, { key: 'ArrowDown' });
    // Top choices has 2 rows, so the third step is the first row of All boards.
    const active = within(dialog).getByRole('option', { selected: true });
    expect(active.closest('[role="group"]')).toHaveAccessibleName('All boards');
    expect(active).toHaveTextContent('Pantry Staples');
    expect(input).toHaveAttribute('aria-activedescendant', active.id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(within(dialog).getByRole('option', { selected: true })).toHaveTextContent(
      'Weeknight Dinners',
    );
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });

    await waitFor(() => expect(api.bodies('/resource/RepinResource/create/')).toHaveLength(1));
    expect(api.bodies('/resource/RepinResource/create/')[0]).toEqual({
      options: { board_id: '5', pin_id: '12', share_facebook: false, share_twitter: false },
    });
    // Loading, then saved; the list is disabled meanwhile.
    expect(await within(dialog).findAllByText('Saved')).not.toHaveLength(0);

    const saved = await screen.findByTestId('saved-pin-modal', {}, { timeout: 3000 });
    expect(
      within(saved).getByRole('heading', { name: 'Saved to Pantry Staples' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Repin modal' })).not.toBeInTheDocument();
    const toast = within(screen.getByRole('status', { name: 'Saving notifications' }));
    expect(
      toast.getByRole('link', { name: 'You saved this Pin to Pantry Staples!' }),
    ).toHaveAttribute('href', '/pin/900/');
  });

  test('pressing a row keeps focus in the search box, so the list does not jump under the pointer', async () => {
    const api = stubSaving();
    const dialog = await openModal();
    const row = within(within(dialog).getByRole('group', { name: 'All boards' })).getByRole(
      'option',
      { name: /Pantry Staples/ },
    );
    // fireEvent answers false when the default (moving focus to the listbox) was prevented.
    expect(fireEvent.mouseDown(row)).toBe(false);
    expect(search(dialog)).toHaveFocus();
    fireEvent.mouseUp(row);
    fireEvent.click(row);
    await waitFor(() => expect(api.bodies('/resource/RepinResource/create/')).toHaveLength(1));
    expect(api.bodies('/resource/RepinResource/create/')[0]).toMatchObject({
      options: { board_id: '5' },
    });
  });

  test('a board with sections opens Choose section; the section is saved to', async () => {
    const api = stubSaving();
    const dialog = await openModal();
    fireEvent.click(within(dialog).getAllByRole('option', { name: /Weeknight Dinners/ })[0]!);
    expect(
      await within(dialog).findByRole('heading', { name: 'Choose section' }),
    ).toBeInTheDocument();
    const listbox = within(dialog).getByRole('listbox', {
      name: 'Where to save in Weeknight Dinners',
    });
    expect(listbox).toHaveFocus();
    expect(within(listbox).getByRole('group', { name: 'Board' })).toHaveTextContent(
      'Weeknight Dinners',
    );
    const sectionGroup = await within(listbox).findByRole('group', { name: 'Section' });
    expect(
      within(sectionGroup)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([expect.stringContaining('Pasta'), expect.stringContaining('Soups')]);
    expect(within(dialog).getByRole('button', { name: 'Add section' })).toBeInTheDocument();

    // Keyboard: focus shows the first row; down twice to 'Soups'.
    fireEvent.keyDown(listbox, { key: 'ArrowDown' });
    fireEvent.keyDown(listbox, { key: 'ArrowDown' });
    fireEvent.keyDown(listbox, { key: 'Enter' });
    await waitFor(() => expect(api.bodies('/resource/RepinResource/create/')).toHaveLength(1));
    expect(api.bodies('/resource/RepinResource/create/')[0]).toMatchObject({
      options: { board_id: '1', section: '72', pin_id: '12' },
    });
    const saved = await screen.findByTestId('saved-pin-modal', {}, { timeout: 3000 });
    expect(
      within(saved).getByRole('heading', { name: 'Saved to Soups in Weeknight Dinners' }),
    ).toBeInTheDocument();
  });

  test('back and Esc: create section → section list → board list → closed', async () => {
    stubSaving();
    const dialog = await openModal();
    fireEvent.click(within(dialog).getAllByRole('option', { name: /Weeknight Dinners/ })[0]!);
    await within(dialog).findByRole('heading', { name: 'Choose section' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add section' }));
    expect(
      await within(dialog).findByRole('heading', { name: 'Create section' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAttribute(
      'placeholder',
      'Like "Lighting"',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(
      await within(dialog).findByRole('heading', { name: 'Choose section' }),
    ).toBeInTheDocument();
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(
      await within(dialog).findByRole('heading', { name: 'Choose board' }),
    ).toBeInTheDocument();
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Repin modal' })).not.toBeInTheDocument(),
    );
    // Focus goes back to the Save button that opened it.
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
  });

  test('a new section is created, then the pin saved into it', async () => {
    const api = stubSaving();
    const dialog = await openModal();
    fireEvent.click(within(dialog).getAllByRole('option', { name: /Weeknight Dinners/ })[0]!);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Add section' }));
    const name = await within(dialog).findByRole('textbox', { name: 'Name' });
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    fireEvent.change(name, { target: { value: '  Salads ' } });
    expect(add).toBeEnabled();
    fireEvent.submit(name.closest('form')!);
    await waitFor(() => expect(api.bodies('/resource/RepinResource/create/')).toHaveLength(1));
    expect(api.bodies('/resource/BoardSectionResource/create/')[0]).toEqual({
      options: { board_id: '1', name: '  Salads ', name_source: 0 },
    });
    expect(api.bodies('/resource/RepinResource/create/')[0]).toMatchObject({
      options: { board_id: '1', section: '600' },
    });
  });

  test('a failed section create shows the server message under the name; typing clears it', async () => {
    stubSaving({
      createSection: () => fail('SECTION_NAME_TAKEN'),
    });
    const dialog = await openModal();
    fireEvent.click(within(dialog).getAllByRole('option', { name: /Weeknight Dinners/ })[0]!);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Add section' }));
    const name = await within(dialog).findByRole('textbox', { name: 'Name' });
    fireEvent.change(name, { target: { value: 'Pasta' } });
    fireEvent.submit(name.closest('form')!);
    expect(
      await within(dialog).findByText('This board already has a section with that name.'),
    ).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('button', { name: 'Add' })).toBeDisabled();
    fireEvent.change(name, { target: { value: 'Pasta bakes' } });
    expect(
      within(dialog).queryByText('This board already has a section with that name.'),
    ).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Add' })).toBeEnabled();
  });

  test('create a secret board from the picker: Board created, then the pin-saved dialog', async () => {
    const api = stubSaving();
    const dialog = await openModal();
    fireEvent.click(within(dialog).getByRole('option', { name: 'Create board' }));
    const name = await within(dialog).findByRole('textbox', { name: 'Name' });
    expect(name).toHaveAttribute('placeholder', 'Like "Places to Go" or "Recipes to Make"');
    fireEvent.change(name, { target: { value: 'Picnic Ideas' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Secret' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(
      await within(dialog).findByRole('heading', { name: 'Board created' }),
    ).toBeInTheDocument();
    expect(api.bodies('/resource/BoardResource/create/')[0]).toEqual({
      options: { name: 'Picnic Ideas', privacy: 'secret', aux_data: { source: 'board_picker' } },
    });
    // A secret board carries no share flags.
    expect(api.bodies('/resource/RepinResource/create/')[0]).toEqual({
      options: { board_id: '500', pin_id: '12' },
    });
    const saved = await screen.findByTestId('saved-pin-modal', {}, { timeout: 4000 });
    expect(
      within(saved).getByRole('heading', { name: 'Saved to Picnic Ideas' }),
    ).toBeInTheDocument();
  });

  test('a new board with a first section opens Choose section; the pin goes into the section', async () => {
    const api = stubSaving();
    const dialog = await openModal();
    fireEvent.click(within(dialog).getByRole('option', { name: 'Create board' }));
    fireEvent.change(await within(dialog).findByRole('textbox', { name: 'Name' }), {
      target: { value: 'Kitchen Ideas' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Section (optional)' }), {
      target: { value: 'Lighting' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(
      await within(dialog).findByRole('heading', { name: 'Choose section' }),
    ).toBeInTheDocument();
    expect(api.bodies('/resource/BoardResource/create/')[0]).toMatchObject({
      options: { name: 'Kitchen Ideas', section_names: ['Lighting'] },
    });
    // Nothing is saved until a row is chosen (§2.3 "instead of saving at once").
    expect(api.bodies('/resource/RepinResource/create/')).toHaveLength(0);
    const sectionGroup = await within(dialog).findByRole('group', { name: 'Section' });
    fireEvent.click(within(sectionGroup).getByRole('option', { name: /Lighting/ }));
    expect(
      await within(dialog).findByRole('heading', { name: 'Board created' }),
    ).toBeInTheDocument();
    expect(api.bodies('/resource/RepinResource/create/')[0]).toMatchObject({
      options: { board_id: '500', section: '610', pin_id: '12' },
    });
    const saved = await screen.findByTestId('saved-pin-modal', {}, { timeout: 4000 });
    expect(
      within(saved).getByRole('heading', { name: 'Saved to Lighting in Kitchen Ideas' }),
    ).toBeInTheDocument();
  });

  test('invitations that cannot be sent say so, and the pin still goes into the new board', async () => {
    const api = stubSaving({
      extra: (url) =>
        url.pathname === '/v3/boards/500/collaborators/invite/'
          ? ok({
              board_id: '500',
              users: [],
              emails: [{ email: 'jo@example.com', status: 'failed' }],
            })
          : undefined,
    });
    const dialog = await openModal();
    fireEvent.click(within(dialog).getByRole('option', { name: 'Create board' }));
    fireEvent.change(await within(dialog).findByRole('textbox', { name: 'Name' }), {
      target: { value: 'Team picnic' },
    });
    fireEvent.change(
      within(dialog).getByRole('textbox', { name: 'Add collaborators (optional)' }),
      {
        target: { value: 'jo@example.com' },
      },
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'jo@example.com' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await screen.findByText('Your board is ready, but some invitations could not be sent.'),
    ).toBeInTheDocument();
    expect(api.bodies('/v3/boards/500/collaborators/invite/')[0]).toEqual({
      user_ids: [],
      emails: ['jo@example.com'],
    });
    await waitFor(() => expect(api.bodies('/resource/RepinResource/create/')).toHaveLength(1));
    expect(api.bodies('/resource/RepinResource/create/')[0]).toMatchObject({
      options: { board_id: '500' },
    });
  });

  test('a failed save shows the server message as an error toast and closes the modal (§8)', async () => {
    const api = stubSaving({
      save: () => fail('BOARD_NOT_WRITABLE', 'You were removed from this board.'),
    });
    const dialog = await openModal();
    fireEvent.click(within(dialog).getAllByRole('option', { name: /Pantry Staples/ })[0]!);
    expect(await screen.findByText('You were removed from this board.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Repin modal' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByTestId('saved-pin-modal')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(api.bodies('/v3/client_log/')).toEqual([
        { event: 'pin_create_fail', client: 'web', path: 'repin', error_code: 414 },
      ]),
    );
  });

  test('a pin already saved says so: Psst!', async () => {
    stubSaving({
      save: () =>
        ok(
          makeSavedPin('901', boards[4]!, {
            already_saved: { board_id: '3', board_name: 'Summer Desserts' },
          }),
        ),
    });
    const dialog = await openModal();
    fireEvent.click(within(dialog).getAllByRole('option', { name: /Pantry Staples/ })[0]!);
    expect(
      await screen.findByText(
        'Psst! You already saved this Pin to Summer Desserts.',
        {},
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
  });

  test('a first save says so', async () => {
    stubSaving({
      save: () => ok(makeSavedPin('902', boards[4]!, { is_first_save: true })),
    });
    const dialog = await openModal();
    fireEvent.click(within(dialog).getAllByRole('option', { name: /Pantry Staples/ })[0]!);
    expect(
      await screen.findByRole(
        'link',
        { name: 'You saved your first Pin to Pantry Staples!' },
        { timeout: 3000 },
      ),
    ).toHaveAttribute('href', '/pin/902/');
  });

  test('suggested board names come from the title-suggestion call and open Create board', async () => {
    stubSaving({ titleSuggestions: ['Lemon Pasta'] });
    const dialog = await openModal();
    const suggestions = await within(dialog).findByRole('group', { name: 'Suggested board names' });
    fireEvent.click(
      within(suggestions).getByRole('option', { name: 'Create board “Lemon Pasta”' }),
    );
    expect(await within(dialog).findByRole('textbox', { name: 'Name' })).toHaveValue('Lemon Pasta');
  });

  test('a visitor pressing Save gets the signup view instead', async () => {
    stubApi((url) =>
      url.pathname === '/v3/pins/12/'
        ? ok(pin)
        : url.pathname.startsWith('/v3/boards/')
          ? ok([])
          : undefined,
    );
    renderApp('/pin/12/');
    await screen.findByRole('button', { name: 'Log in' });
    const [save] = screen.getAllByRole('button', { name: 'Save' });
    fireEvent.click(save!);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Repin modal' })).not.toBeInTheDocument();
  });
});
