import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fail, ok, stubApi } from '../../test/api.ts';
import { makeBoardDetail, makePin, makePins } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

const board = makeBoardDetail({
  privacy: 'secret',
  section_count: 1,
  sections: [
    { id: '77', title: 'Vegetables', slug: 'vegetables', pin_count: 1, preview_images: [] },
  ],
});

function stubBoardApi(answerBoard = ok(board)) {
  return stubApi((url) => {
    if (url.pathname === '/v3/boards/alice/summer-gardens/') return answerBoard;
    if (url.pathname === '/v3/boards/30/pins/') return ok(makePins(1, 3));
    if (url.pathname === '/v3/board/sections/77/pins/')
      return ok([makePin('90', { title: 'Carrots' })]);
    return undefined;
  });
}

describe('board page', () => {
  test('shows name, description, owner, count, secret badge and pins', async () => {
    stubBoardApi();
    renderApp('/alice/summer-gardens/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Summer gardens' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Ideas for the garden.')).toBeInTheDocument();
    expect(screen.getByText('Secret')).toBeInTheDocument();
    expect(screen.getByText('42 Pins · 1 section')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Board by Alice Example' })).toHaveAttribute(
      'href',
      '/alice/',
    );
    expect(await screen.findByRole('link', { name: 'Pin 1' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Summer gardens | Corkboard'));
  });

  test('choosing a section shows that section’s pins', async () => {
    const api = stubBoardApi();
    renderApp('/alice/summer-gardens/');
    const sections = await screen.findByRole('navigation', { name: 'Board sections' });
    const allPins = within(sections).getByRole('link', { name: /All pins/ });
    expect(allPins).toHaveAttribute('aria-current', 'page');

    fireEvent.click(within(sections).getByRole('link', { name: /Vegetables/ }));
    expect(await screen.findByRole('link', { name: 'Carrots' })).toBeInTheDocument();
    expect(within(sections).getByRole('link', { name: /Vegetables/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(api.requests()).toContain('/v3/board/sections/77/pins/?page_size=25');
  });

  test('an unknown board shows the 404 state', async () => {
    stubBoardApi(fail('BOARD_NOT_FOUND'));
    renderApp('/alice/summer-gardens/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This board could not be found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home feed' })).toHaveAttribute('href', '/');
  });

  test('an unknown section shows its own not-found state under the board', async () => {
    stubApi((url) => {
      if (url.pathname === '/v3/boards/alice/summer-gardens/') return ok(board);
      if (url.pathname === '/v3/board/sections/999/pins/') return fail('SECTION_NOT_FOUND');
      return undefined;
    });
    renderApp('/alice/summer-gardens/?section=999');
    expect(
      await screen.findByRole('heading', { name: 'This section could not be found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Summer gardens' })).toBeInTheDocument();
  });
});
