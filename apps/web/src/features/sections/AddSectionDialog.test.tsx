// 'Add section' on a board page (saving.md §2.7): only for those who can write to the board;
// the dialog's parts, the disabled rule of Add, and the create call.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fail, ok, stubApi } from '../../test/api.ts';
import { makeAuthUser, makeBoardDetail, makeSection } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

function stubBoard(
  viewerId: string,
  access: ('read' | 'write')[],
  create: () => Response = () => ok(makeSection('81', 'Lighting', '30')),
) {
  return stubApi((url) => {
    if (url.pathname === '/v3/users/me/') return ok(makeAuthUser({ id: viewerId }));
    if (url.pathname === '/v3/boards/alice/summer-gardens/')
      return ok(makeBoardDetail({ board_access: access }));
    if (url.pathname === '/v3/boards/30/pins/') return ok([]);
    if (url.pathname === '/resource/BoardSectionResource/create/') return create();
    return undefined;
  });
}

describe('add-section dialog', () => {
  test('the owner adds a section: thumbnail, Name, Add (disabled while blank), close', async () => {
    const api = stubBoard('7', ['read', 'write']);
    renderApp('/alice/summer-gardens/');
    fireEvent.click(await screen.findByRole('button', { name: 'Add section' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add section' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveAttribute('placeholder', 'Like "Lighting"');
    expect(name).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(dialog.querySelector('.section-form__thumb img')).toHaveAttribute(
      'src',
      '/media/cover1-236.jpg',
    );
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    fireEvent.change(name, { target: { value: 'Lighting' } });
    expect(add).toBeEnabled();
    // Enter submits.
    fireEvent.submit(name.closest('form')!);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add section' })).not.toBeInTheDocument(),
    );
    expect(api.bodies('/resource/BoardSectionResource/create/')).toEqual([
      { options: { board_id: '30', name: 'Lighting', name_source: 0 } },
    ]);
  });

  test('a failure shows message_detail under the field', async () => {
    stubBoard('7', ['read', 'write'], () =>
      fail('SECTION_NAME_TOO_LONG', 'Please enter no more than 50 characters.'),
    );
    renderApp('/alice/summer-gardens/');
    fireEvent.click(await screen.findByRole('button', { name: 'Add section' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add section' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Lighting' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await within(dialog).findByText('Please enter no more than 50 characters.'),
    ).toBeInTheDocument();
  });

  test('a collaborator with write access sees it too', async () => {
    stubBoard('42', ['read', 'write']);
    renderApp('/alice/summer-gardens/');
    expect(await screen.findByRole('button', { name: 'Add section' })).toBeInTheDocument();
  });

  test('nobody else sees it', async () => {
    stubBoard('99', ['read']);
    renderApp('/alice/summer-gardens/');
    await screen.findByRole('heading', { level: 1, name: 'Summer gardens' });
    await screen.findByRole('button', { name: 'Your account' });
    expect(screen.queryByRole('button', { name: 'Add section' })).not.toBeInTheDocument();
  });
});
