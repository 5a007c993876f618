import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { ok, stubApi } from '../test/api.ts';
import { makePins } from '../test/fixtures.ts';
import { renderApp } from '../test/render.tsx';

function pinsAnswer() {
  return { scope: 'pins', kind: 'pins', did_you_mean: null, results: makePins(1, 2) };
}

describe('header', () => {
  test('has a skip link first, a home logo and a labelled search field', () => {
    stubApi((url) => (url.pathname === '/v3/feeds/home/' ? ok([]) : undefined));
    renderApp('/');
    const links = screen.getAllByRole('link');
    expect(links[0]).toHaveTextContent('Skip to content');
    expect(links[0]).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('link', { name: 'Corkboard home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('search')).toContainElement(
      screen.getByRole('combobox', { name: 'Search for pins' }),
    );
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });

  test('submitting the search goes to the search page with the trimmed query', async () => {
    stubApi((url) => {
      if (url.pathname === '/v3/feeds/home/') return ok([]);
      if (url.pathname === '/v3/search/pins/') return ok(pinsAnswer());
      return undefined;
    });
    renderApp('/');
    const field = screen.getByRole('combobox', { name: 'Search for pins' });
    fireEvent.change(field, { target: { value: '  garden  ' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Results for “garden”' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Search for pins' })).toHaveValue('garden');
  });

  test('a new search from the search page keeps keyboard focus in the field', async () => {
    stubApi((url) => (url.pathname === '/v3/search/pins/' ? ok(pinsAnswer()) : undefined));
    renderApp('/search/pins/?q=bread');
    await screen.findByRole('heading', { level: 1, name: 'Results for “bread”' });
    const field = screen.getByRole('combobox', { name: 'Search for pins' });
    field.focus();
    fireEvent.change(field, { target: { value: 'cake' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Results for “cake”' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Search for pins' })).toHaveFocus();
  });

  test('a blank search stays where it is', async () => {
    const api = stubApi((url) => (url.pathname === '/v3/feeds/home/' ? ok([]) : undefined));
    renderApp('/');
    await screen.findByRole('heading', { name: 'No pins yet' });
    const field = screen.getByRole('combobox', { name: 'Search for pins' });
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(screen.getByRole('heading', { name: 'No pins yet' })).toBeInTheDocument();
    expect(api.requests().every((path) => path.startsWith('/v3/feeds/home/'))).toBe(true);
  });
});
