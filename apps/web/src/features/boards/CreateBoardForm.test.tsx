// The create-board form on its own (saving.md §2.6, §5, §8): the disabled rules of Create, the
// name errors, server errors, the Secret / protected switch and the collaborator search.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_CODE } from '../../api/client.ts';
import { ok, stubApi } from '../../test/api.ts';
import { makeAuthUser } from '../../test/fixtures.ts';
import { renderSaving } from '../../test/render.tsx';
import { resourceOptions } from '../../test/savingApi.ts';
import { CreateBoardForm, type CreateBoardValues } from './CreateBoardForm.tsx';

function setup(
  props: Partial<Parameters<typeof CreateBoardForm>[0]> = {},
  onCreate: (values: CreateBoardValues) => Promise<void> = () => Promise.resolve(),
) {
  const create = vi.fn(onCreate);
  const cancel = vi.fn();
  const api = stubApi((url) => {
    if (url.pathname === '/v3/users/me/') return ok(makeAuthUser());
    if (url.pathname === '/resource/ShareSuggestionsTypeaheadResource/get/') {
      const term = String(resourceOptions(url)['term']);
      return ok(
        'gus'.startsWith(term.toLowerCase())
          ? [{ type: 'user', id: '20', username: 'gus', full_name: 'Gus Grows', valid: true }]
          : [],
      );
    }
    return undefined;
  });
  renderSaving(
    <CreateBoardForm
      initialName=""
      advertiser={false}
      busy={false}
      onCancel={cancel}
      onCreate={create}
      {...props}
    />,
  );
  return { create, cancel, api };
}

const nameField = () => screen.getByRole('textbox', { name: 'Name' });
const createButton = () => screen.getByRole('button', { name: 'Create' });

describe('create-board form', () => {
  test('Create is disabled while the name is blank, enabled with a name', () => {
    setup();
    expect(nameField()).toHaveAttribute('placeholder', 'Like "Places to Go" or "Recipes to Make"');
    expect(createButton()).toBeDisabled();
    fireEvent.change(nameField(), { target: { value: '   ' } });
    expect(createButton()).toBeDisabled();
    expect(screen.getByText("Don't forget to name your board!")).toBeInTheDocument();
    fireEvent.change(nameField(), { target: { value: 'Places to Go' } });
    expect(createButton()).toBeEnabled();
    expect(screen.queryByText("Don't forget to name your board!")).not.toBeInTheDocument();
  });

  test('a name over 50 characters says so and disables Create', () => {
    setup();
    fireEvent.change(nameField(), { target: { value: 'x'.repeat(51) } });
    expect(screen.getByText('Please enter no more than 50 characters.')).toBeInTheDocument();
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    expect(createButton()).toBeDisabled();
    fireEvent.change(nameField(), { target: { value: 'x'.repeat(50) } });
    expect(createButton()).toBeEnabled();
  });

  test('a server error shows message and detail; Create stays disabled until the name changes', async () => {
    const { create } = setup({ initialName: 'Recipes' }, () =>
      Promise.reject(
        new ApiError({
          code: 412,
          httpStatus: 409,
          message: 'You already have a board with that name.',
        }),
      ),
    );
    fireEvent.click(createButton());
    expect(await screen.findByText('You already have a board with that name.')).toBeInTheDocument();
    expect(create).toHaveBeenCalledWith({
      name: 'Recipes',
      secret: false,
      invites: { userIds: [], emails: [] },
      sectionName: null,
    });
    expect(createButton()).toBeDisabled();
    fireEvent.change(nameField(), { target: { value: 'Recipes 2' } });
    expect(screen.queryByText('You already have a board with that name.')).not.toBeInTheDocument();
    expect(createButton()).toBeEnabled();
  });

  test('without a server sentence the default copy shows', async () => {
    setup({ initialName: 'Recipes' }, () =>
      Promise.reject(
        new ApiError({ code: NETWORK_ERROR_CODE, httpStatus: 0, message: 'Failed to fetch' }),
      ),
    );
    fireEvent.click(createButton());
    expect(await screen.findByText('Uh oh! Something went wrong.')).toBeInTheDocument();
  });

  test('Create is unavailable while a save runs, and the name is normalised when sent', async () => {
    const { create } = setup({ initialName: '  Road   trips ' });
    fireEvent.click(screen.getByRole('switch', { name: 'Secret' }));
    fireEvent.click(createButton());
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]?.[0]).toMatchObject({ name: 'Road trips', secret: true });
  });

  test('an optional first section is sent normalised; too long disables Create (decision 012)', async () => {
    const { create } = setup({ initialName: 'Kitchen' });
    const section = screen.getByRole('textbox', { name: 'Section (optional)' });
    expect(section).toHaveAttribute('placeholder', 'Like "Lighting"');
    fireEvent.change(section, { target: { value: 'y'.repeat(51) } });
    expect(section).toHaveAttribute('aria-invalid', 'true');
    expect(createButton()).toBeDisabled();
    fireEvent.change(section, { target: { value: '  Open   shelves ' } });
    expect(createButton()).toBeEnabled();
    fireEvent.click(createButton());
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]?.[0].sectionName).toBe('Open shelves');
  });

  test("a server error about the section shows under the section field, not the name's", async () => {
    setup({ initialName: 'Kitchen' }, () =>
      Promise.reject(
        new ApiError({
          code: 416,
          httpStatus: 400,
          message: 'That section name is too long.',
          data: { field: 'section_names', index: 0 },
        }),
      ),
    );
    const section = screen.getByRole('textbox', { name: 'Section (optional)' });
    fireEvent.change(section, { target: { value: 'Lighting' } });
    fireEvent.click(createButton());
    expect(await screen.findByText('That section name is too long.')).toBeInTheDocument();
    expect(section).toHaveAttribute('aria-invalid', 'true');
    expect(nameField()).not.toHaveAttribute('aria-invalid', 'true');
    expect(createButton()).toBeDisabled();
    fireEvent.change(section, { target: { value: 'Lamps' } });
    expect(createButton()).toBeEnabled();
  });

  test('busy: Create says it is unavailable and does nothing', () => {
    const { create } = setup({ initialName: 'Recipes', busy: true });
    expect(createButton()).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(createButton());
    expect(create).not.toHaveBeenCalled();
  });

  test('Cancel goes back', () => {
    const { cancel } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(cancel).toHaveBeenCalled();
  });

  test('an advertiser gets the always-on protected switch and no collaborator search', () => {
    setup({ advertiser: true, initialName: 'Campaign' });
    const protectedSwitch = screen.getByRole('switch', {
      name: "Protected board (not listed on user's profile)",
    });
    expect(protectedSwitch).toBeChecked();
    expect(protectedSwitch).toBeDisabled();
    expect(screen.queryByRole('switch', { name: 'Secret' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Add collaborators (optional)' })).toBeNull();
  });

  test('collaborators: captions Keep typing! / Click to send! / Done!, and the invites sent', async () => {
    const { create } = setup({ initialName: 'Garden' });
    const search = screen.getByRole('textbox', { name: 'Add collaborators (optional)' });
    expect(search).toHaveAttribute('placeholder', 'Search by name or email');

    fireEvent.change(search, { target: { value: 'jane@exa' } });
    const typing = screen.getByRole('button', { name: 'jane@exa' });
    expect(typing).toBeDisabled();
    expect(typing).toHaveAccessibleDescription('Keep typing!');

    fireEvent.change(search, { target: { value: 'jane@example.com' } });
    const valid = screen.getByRole('button', { name: 'jane@example.com' });
    expect(valid).toHaveAccessibleDescription('Click to send!');
    fireEvent.click(valid);
    const chosen = screen.getByRole('list', { name: 'Collaborators to invite' });
    expect(within(chosen).getByText('jane@example.com')).toBeInTheDocument();

    fireEvent.change(search, { target: { value: 'gu' } });
    const gus = await screen.findByRole('button', { name: 'Gus Grows' });
    expect(gus).toHaveAccessibleDescription('Click to send!');
    fireEvent.click(gus);
    expect(screen.getByRole('button', { name: 'Gus Grows' })).toHaveAccessibleDescription('Done!');
    expect(screen.getByRole('button', { name: 'Gus Grows' })).toBeDisabled();

    // Removing one takes it off the list.
    fireEvent.click(screen.getByRole('button', { name: 'Remove jane@example.com' }));
    fireEvent.change(search, { target: { value: 'ann@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'ann@example.com' }));

    fireEvent.click(createButton());
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]?.[0].invites).toEqual({
      userIds: ['20'],
      emails: ['ann@example.com'],
    });
  });
});
