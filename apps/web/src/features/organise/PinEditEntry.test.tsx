// Pin edit and delete from the pin page (issue 10; ADR 057): the Edit button only for writers,
// 'Log in to edit this Pin' for visitors at /pin/{id}/edit/, field errors from the shared rule
// (nothing sent) and from the server's envelope, the request sent, and delete after a confirm.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { failure } from '@corkboard/shared/envelope';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { fail, ok, stubApi, visitorDefaults } from '../../test/api.ts';
import { makePickerBoard, makePin, makeSection } from '../../test/fixtures.ts';
import { renderSaving } from '../../test/render.tsx';
import { bodyOptions, savingHandler } from '../../test/savingApi.ts';
import { PinEditEntry } from './PinEditEntry.tsx';

const pin = { ...makePin('7', { title: 'Brass lamp' }), board_access: ['read', 'write'] as const };
const writable = { ...pin, board_access: [...pin.board_access] };

function stub(answers: { update?: () => Response; remove?: () => Response } = {}) {
  const sent: { path: string; options: Record<string, unknown> }[] = [];
  stubApi(
    savingHandler({
      boards: [
        makePickerBoard('30', { name: 'Summer gardens' }),
        makePickerBoard('40', { name: 'Lamps' }),
      ],
      sections: { '40': [makeSection('41', 'Brass', '40')] },
      extra: (url, init) => {
        if (url.pathname === '/resource/PinResource/update/') {
          const options = bodyOptions(init);
          sent.push({ path: url.pathname, options });
          return answers.update?.() ?? ok({ ...writable, title: String(options['title']) });
        }
        if (url.pathname === '/resource/PinResource/delete/') {
          sent.push({ path: url.pathname, options: bodyOptions(init) });
          return answers.remove?.() ?? ok({ id: '7' });
        }
        return undefined;
      },
    }),
  );
  return sent;
}

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
  return screen.findByRole('dialog', { name: 'Edit this Pin' });
}

describe('PinEditEntry', () => {
  test('an Edit button only for someone who can write the board', async () => {
    stub();
    renderSaving(
      <>
        <PinEditEntry pin={{ ...pin, id: '8', board_access: ['read'] }} requested={false} />
        <PinEditEntry pin={writable} requested={false} />
      </>,
    );
    // Once the viewer is known the writer's pin has its button, and the reader's none.
    await screen.findByRole('button', { name: 'Edit' });
    expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(1);
  });

  test('a signed-in reader at /pin/{id}/edit/ is told they cannot change it', async () => {
    stub();
    renderSaving(<PinEditEntry pin={{ ...pin, board_access: ['read'] }} requested />);
    expect(await screen.findByRole('status')).toHaveTextContent("You can't change this Pin.");
  });

  test("a visitor at /pin/{id}/edit/ is told 'Log in to edit this Pin' with a way back", async () => {
    stubApi(visitorDefaults);
    renderSaving(<PinEditEntry pin={writable} requested />);
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Log in to edit this Pin');
    expect(within(notice).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login/?next=%2Fpin%2F7%2Fedit%2F',
    );
  });

  test('a too-long title is said under the field and nothing is sent', async () => {
    const sent = stub();
    renderSaving(<PinEditEntry pin={writable} requested={false} />);
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Title'), {
      target: { value: 'x'.repeat(101) },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Please enter no more than 100 characters.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  test("the server's field error shows under its field; others above the buttons", async () => {
    stub({
      update: () =>
        Response.json(
          failure({
            api_error_code: ERROR_CODES.URL_INVALID.code,
            message: ERROR_CODES.URL_INVALID.message,
            message_detail: 'Please enter a valid web address (http or https).',
            http_status: 400,
            data: { field: 'link' },
          }),
          { status: 400 },
        ),
    });
    renderSaving(<PinEditEntry pin={writable} requested={false} />);
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const link = within(dialog).getByLabelText('Website');
    await waitFor(() => expect(link).toHaveAttribute('aria-invalid', 'true'));
    expect(link).toHaveAccessibleDescription('Please enter a valid web address (http or https).');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  test('a refusal without a field shows its sentence above the buttons', async () => {
    stub({ update: () => fail('PIN_NOT_EDITABLE') });
    renderSaving(<PinEditEntry pin={writable} requested={false} />);
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "You can't change this Pin.",
    );
  });

  test('saves the fields and the new board and section, then closes', async () => {
    const sent = stub();
    renderSaving(<PinEditEntry pin={writable} requested={false} />);
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Lamp' } });
    fireEvent.change(within(dialog).getByLabelText('Alt text'), {
      target: { value: 'A brass lamp' },
    });
    await within(dialog).findByRole('option', { name: 'Lamps' });
    fireEvent.change(within(dialog).getByLabelText('Board'), { target: { value: '40' } });
    await within(dialog).findByRole('option', { name: 'Brass' });
    fireEvent.change(within(dialog).getByLabelText('Section'), { target: { value: '41' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([
      {
        path: '/resource/PinResource/update/',
        options: {
          id: '7',
          title: 'Lamp',
          description: 'Description of pin 7',
          link: 'https://example.com/article/7',
          alt_text: 'A brass lamp',
          board_id: '40',
          section_id: '41',
        },
      },
    ]);
  });

  test('delete asks first; Cancel sends nothing, Delete sends PinResource delete', async () => {
    const sent = stub();
    renderSaving(<PinEditEntry pin={writable} requested={false} />);
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this Pin?' });
    expect(confirm).toHaveTextContent("Deleted Pins can't be brought back.");
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await screen.findByRole('dialog', { name: 'Edit this Pin' });
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const again = await screen.findByRole('dialog', { name: 'Delete this Pin?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(sent).toEqual([{ path: '/resource/PinResource/delete/', options: { id: '7' } }]),
    );
  });

  test('a refused delete shows the server sentence and keeps the pin', async () => {
    stub({ remove: () => fail('BOARD_DELETE_IN_PROGRESS') });
    renderSaving(<PinEditEntry pin={writable} requested={false} />);
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this Pin?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please wait until the previous board action finishes.',
    );
  });
});
