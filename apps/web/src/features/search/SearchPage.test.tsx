import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fail, ok, stubApi } from '../../test/api.ts';
import { makePins } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

function pinsAnswer(scope: string, count: number, didYouMean: string | null = null) {
  return ok({ scope, kind: 'pins', did_you_mean: didYouMean, results: makePins(1, count) });
}

describe('search page', () => {
  test('shows results for the query in the address, and the header field shows it', async () => {
    const api = stubApi((url) =>
      url.pathname === '/v3/search/pins/' && url.searchParams.get('q') === 'garden beds'
        ? pinsAnswer('pins', 3)
        : undefined,
    );
    renderApp('/search/pins/?q=garden%20beds');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Results for “garden beds”' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Pin 3' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Search for pins' })).toHaveValue('garden beds');
    expect(api.requests()).toEqual(['/v3/search/pins/?q=garden+beds&page_size=25']);
  });

  test('scope tabs keep every address parameter, mark the current one, and show boards', async () => {
    const api = stubApi((url) => {
      if (url.pathname === '/v3/search/pins/') return pinsAnswer('pins', 1);
      if (url.pathname === '/v3/search/boards/')
        return ok({ scope: 'boards', kind: 'boards', did_you_mean: null, results: [] });
      return undefined;
    });
    renderApp('/search/pins/?q=bread&brands=acme&rs=typed');
    const tabs = await screen.findByRole('navigation', { name: 'What to search' });
    expect(within(tabs).getByRole('link', { name: 'All pins' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const boards = within(tabs).getByRole('link', { name: 'Boards' });
    expect(boards).toHaveAttribute('href', '/search/boards/?q=bread&brands=acme&rs=typed');
    fireEvent.click(boards);
    expect(await screen.findByRole('heading', { name: 'No results for “bread”' })).toBeVisible();
    // Unknown parameters stay in the address but are not sent; rs is.
    expect(api.requests()).toContain('/v3/search/boards/?q=bread&rs=typed&page_size=25');
  });

  test('people results link to profiles', async () => {
    stubApi((url) =>
      url.pathname === '/v3/search/users/'
        ? ok({
            scope: 'users',
            kind: 'users',
            did_you_mean: null,
            results: [
              {
                id: '7',
                username: 'mara_cooks',
                full_name: 'Mara Cooks',
                image_medium_url: null,
                follower_count: 2,
                pin_count: 1,
              },
            ],
          })
        : undefined,
    );
    renderApp('/search/users/?q=mara');
    const person = await screen.findByRole('link', { name: /Mara Cooks/ });
    expect(person).toHaveAttribute('href', '/mara_cooks/');
    expect(person).toHaveTextContent('2 followers · 1 pin');
  });

  test("no results offers 'Did you mean'", async () => {
    stubApi((url) =>
      url.pathname === '/v3/search/pins/' ? pinsAnswer('pins', 0, 'ceramic') : undefined,
    );
    renderApp('/search/pins/?q=ceremc&colors=red');
    expect(await screen.findByRole('heading', { name: 'No results for “ceremc”' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'ceramic' })).toHaveAttribute(
      'href',
      '/search/pins/?q=ceramic&colors=red',
    );
  });

  test('filters write to the address and the search is sent with them', async () => {
    const api = stubApi((url) =>
      url.pathname === '/v3/search/buyable_pins/' ? pinsAnswer('buyable_pins', 1) : undefined,
    );
    renderApp('/search/pins/?q=lamp&commerce_only=true');
    await screen.findByRole('link', { name: 'Pin 1' });
    fireEvent.change(screen.getByLabelText('Colour'), { target: { value: 'blue' } });
    fireEvent.change(screen.getByLabelText('Lowest price'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await screen.findByRole('link', { name: 'Pin 1' });
    expect(api.requests()).toContain(
      '/v3/search/buyable_pins/?q=lamp&commerce_only=true&colors=blue&price_min=10&page_size=25',
    );
  });

  test('a refused filter says why', async () => {
    stubApi((url) =>
      url.pathname === '/v3/search/pins/' ? fail('SEARCH_FILTER_INVALID') : undefined,
    );
    renderApp('/search/pins/?q=lamp&colors=mauve');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "One of the search filters isn't valid.",
    );
  });

  test('your pins asks a visitor to log in', async () => {
    stubApi((url) => (url.pathname === '/v3/search/my_pins/' ? fail('UNAUTHORIZED') : undefined));
    renderApp('/search/my_pins/?q=lamp');
    expect(
      await screen.findByRole('heading', { name: 'Log in to search your own pins' }),
    ).toBeVisible();
  });

  test('an unknown scope is a not-found page, without calling the API', async () => {
    const api = stubApi(() => undefined);
    renderApp('/search/everything/?q=lamp');
    expect(
      await screen.findByRole('heading', { level: 1, name: "There's no such kind of search" }),
    ).toBeVisible();
    expect(api.requests().filter((path) => path.startsWith('/v3/search/'))).toEqual([]);
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
