// The header search box as a combobox (business.md §2.6, §7): suggestions by keyboard, Enter on
// a highlighted row or on the text, Escape, recent searches for a signed-in person, and the
// per-scope, per-term cache.
import type { TypeaheadItem } from '@corkboard/shared/search/api';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { ok, stubApi } from '../../test/api.ts';
import { makePins } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { searchUrl } from './searchUrls.ts';

const items: TypeaheadItem[] = [
  { type: 'query', label: 'garden beds', query: 'garden beds' },
  {
    type: 'board',
    label: 'Vegetable Garden',
    url: '/gus_grows/vegetable-garden/',
    owner: 'gus_grows',
    image_url: null,
  },
  {
    type: 'user',
    label: 'Gus Whitfield',
    username: 'gus_grows',
    url: '/gus_grows/',
    image_url: null,
  },
];

function pinsAnswer(scope = 'pins') {
  return ok({ scope, kind: 'pins', did_you_mean: null, results: makePins(1, 2) });
}

function typeaheadTerm(url: URL): string | undefined {
  if (url.pathname !== '/resource/AdvancedTypeaheadResource/get/') return undefined;
  const options = JSON.parse(url.searchParams.get('options') ?? '{}') as { term: string };
  return options.term;
}

function field() {
  return screen.getByRole('combobox', { name: 'Search for pins' });
}

describe('header search box', () => {
  test('typing shows suggestions; Down, Down, Enter opens the highlighted board', async () => {
    stubApi((url) => {
      if (url.pathname === '/v3/feeds/home/') return ok([]);
      if (typeaheadTerm(url) === 'gar') return ok({ term: 'gar', items });
      return undefined;
    });
    renderApp('/');
    const box = field();
    box.focus();
    fireEvent.change(box, { target: { value: 'gar' } });
    const listbox = await screen.findByRole('listbox', { name: 'Search suggestions' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', listbox.id);
    expect(within(listbox).getAllByRole('option')).toHaveLength(3);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const active = box.getAttribute('aria-activedescendant') ?? '';
    expect(document.getElementById(active)).toHaveTextContent('Vegetable Garden');
    expect(document.getElementById(active)).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(
      document.getElementById(box.getAttribute('aria-activedescendant') ?? ''),
    ).toHaveTextContent('garden beds');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    stubApi((url) =>
      url.pathname.startsWith('/v3/boards/') || url.pathname.startsWith('/v3/feeds/')
        ? ok([])
        : undefined,
    );
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByRole('combobox', { name: 'Search for pins' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  test('Enter on a suggested query searches for it; Enter on the text searches the text', async () => {
    const api = stubApi((url) => {
      if (url.pathname === '/v3/feeds/home/') return ok([]);
      if (typeaheadTerm(url) === 'gar') return ok({ term: 'gar', items });
      if (url.pathname === '/v3/search/pins/') return pinsAnswer();
      return undefined;
    });
    renderApp('/');
    const box = field();
    box.focus();
    fireEvent.change(box, { target: { value: 'gar' } });
    await screen.findByRole('listbox', { name: 'Search suggestions' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Results for “garden beds”' }),
    ).toBeVisible();
    expect(field()).toHaveValue('garden beds');
    fireEvent.change(field(), { target: { value: 'tomatoes' } });
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Results for “tomatoes”' }),
    ).toBeVisible();
    expect(api.requests()).toContain('/v3/search/pins/?q=tomatoes&page_size=25');
  });

  test('Escape closes the list, a second Escape clears the field', async () => {
    stubApi((url) => {
      if (url.pathname === '/v3/feeds/home/') return ok([]);
      if (typeaheadTerm(url) === 'gar') return ok({ term: 'gar', items });
      return undefined;
    });
    renderApp('/');
    const box = field();
    box.focus();
    fireEvent.change(box, { target: { value: 'gar' } });
    await screen.findByRole('listbox', { name: 'Search suggestions' });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('gar');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).toHaveValue('');
  });

  test('suggestions are cached per scope and term; a search page asks in its own scope', async () => {
    const api = stubApi((url) => {
      if (url.pathname === '/v3/search/boards/')
        return ok({ scope: 'boards', kind: 'boards', did_you_mean: null, results: [] });
      const term = typeaheadTerm(url);
      if (term !== undefined) return ok({ term, items: term === 'ga' ? items.slice(1, 2) : [] });
      return undefined;
    });
    renderApp('/search/boards/?q=x');
    const box = field();
    box.focus();
    fireEvent.change(box, { target: { value: 'ga' } });
    await screen.findByRole('option', { name: /Vegetable Garden/ });
    fireEvent.change(box, { target: { value: 'gar' } });
    fireEvent.change(box, { target: { value: 'ga' } });
    await screen.findByRole('option', { name: /Vegetable Garden/ });
    const typeaheadCalls = api
      .requests()
      .filter((path) => path.startsWith('/resource/AdvancedTypeaheadResource/'))
      .map(
        (path) =>
          JSON.parse(
            new URL(path, 'http://localhost').searchParams.get('options') ?? '',
          ) as unknown,
      );
    expect(typeaheadCalls).toEqual([
      { term: 'ga', count: 5, pin_scope: 'boards' },
      { term: 'gar', count: 5, pin_scope: 'boards' },
    ]);
  });

  test('an empty field shows a signed-in person their recent searches', async () => {
    stubApi((url) => {
      if (url.pathname === '/v3/users/me/')
        return ok({ id: '1', username: 'mara_cooks', email: 'm@example.com', full_name: 'Mara' });
      if (url.pathname === '/v3/feeds/home/') return ok([]);
      if (url.pathname === '/v3/search/recent/')
        return ok([{ query: 'focaccia', scope: 'pins', searched_at: '2026-11-23T10:00:00.000Z' }]);
      if (url.pathname === '/v3/search/pins/') return pinsAnswer();
      return undefined;
    });
    renderApp('/');
    await act(async () => {
      field().focus();
      await Promise.resolve();
    });
    const recent = await screen.findByRole('group', { name: 'Recent searches' });
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    expect(within(recent).getByRole('option', { name: 'focaccia' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Results for “focaccia”' }),
    ).toBeVisible();
  });

  test('search URLs encode the query, in the scope being searched', () => {
    expect(searchUrl('bread & butter')).toBe('/search/pins/?q=bread+%26+butter');
    expect(searchUrl('bread', 'boards')).toBe('/search/boards/?q=bread');
  });
});
