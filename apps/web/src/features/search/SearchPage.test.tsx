import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { ok, stubApi } from '../../test/api.ts';
import { makePins } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

describe('search page', () => {
  test('shows results for the query in the address, and the header field shows it', async () => {
    const api = stubApi((url) =>
      url.pathname === '/v3/search/pins/' && url.searchParams.get('q') === 'garden beds'
        ? ok(makePins(1, 3))
        : undefined,
    );
    renderApp('/search/pins/?q=garden%20beds');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Results for “garden beds”' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Pin 3' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search for pins' })).toHaveValue('garden beds');
    expect(api.requests()).toEqual(['/v3/search/pins/?q=garden+beds&page_size=25']);
  });

  test('no results says so', async () => {
    stubApi((url) => (url.pathname === '/v3/search/pins/' ? ok([]) : undefined));
    renderApp('/search/pins/?q=zzz');
    expect(
      await screen.findByRole('heading', { name: 'No results for “zzz”' }),
    ).toBeInTheDocument();
  });

  test('without a query it asks for one and does not call the API', async () => {
    const api = stubApi(() => undefined);
    renderApp('/search/pins/');
    expect(
      await screen.findByRole('heading', { name: 'Search for pins', level: 2 }),
    ).toBeInTheDocument();
    expect(api.requests()).toEqual([]);
  });
});
