// The '#' typeahead of the description fields (saving.md §5 "at most 5 items", §7
// GET /v3/search/autocomplete/ q, show_pin_count) and hashtags rendered as links to search.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { ok, stubApi } from '../../test/api.ts';
import { renderSaving } from '../../test/render.tsx';
import { HashtagText } from './HashtagText.tsx';
import { HashtagTextarea } from './HashtagTextarea.tsx';

const SUGGESTIONS = [
  { query: '#garden', pin_count: 12 },
  { query: '#gardening', pin_count: 1 },
  { query: '#garden_party', pin_count: 3 },
  { query: '#gardenia', pin_count: 2 },
  { query: '#gardens', pin_count: 7 },
  { query: '#garden_beds', pin_count: 9 },
];

function stubSuggestions() {
  return stubApi((url) => {
    if (url.pathname !== '/v3/search/autocomplete/') return undefined;
    const q = url.searchParams.get('q') ?? '';
    return ok(SUGGESTIONS.filter((item) => item.query.startsWith(q.toLowerCase())));
  });
}

function Field({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="description">Description</label>
      <HashtagTextarea id="description" value={value} onChange={setValue} maxLength={500} />
      <output data-testid="value">{value}</output>
    </>
  );
}

function type(field: HTMLTextAreaElement, text: string) {
  fireEvent.change(field, { target: { value: text, selectionStart: text.length } });
  field.setSelectionRange(text.length, text.length);
  fireEvent.select(field);
}

describe('hashtag suggestions while typing', () => {
  test('asks with q and show_pin_count, lists at most 5 with their pin counts', async () => {
    const api = stubSuggestions();
    renderSaving(<Field />);
    const field = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Description' });
    field.focus();
    type(field, 'Spring beds #gar');
    const list = await screen.findByRole('listbox', { name: 'Hashtag suggestions' });
    const options = within(list).getAllByRole('option');
    expect(options).toHaveLength(5);
    expect(options[0]).toHaveTextContent('#garden');
    expect(options[0]).toHaveTextContent('12 Pins');
    expect(api.requests()).toContain(
      '/v3/search/autocomplete/?q=%23gar&show_pin_count=true&page_size=5',
    );
    expect(field).toHaveAttribute('aria-controls', list.id);
    expect(
      screen.getAllByRole('status').some((node) => node.textContent === '5 hashtag suggestions'),
    ).toBe(true);
  });

  test('arrow keys move the highlight and Enter puts the tag in place of what was typed', async () => {
    stubSuggestions();
    renderSaving(<Field />);
    const field = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Description' });
    field.focus();
    type(field, 'Beds #gar');
    await screen.findByRole('listbox');
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    const options = screen.getAllByRole('option');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(field).toHaveAttribute('aria-activedescendant', options[1]!.id);
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    // Wraps from the first to the last.
    expect(options[4]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(screen.getByTestId('value')).toHaveTextContent(/^Beds #garden$/);
    expect(field.value).toBe('Beds #garden ');
    expect(field.selectionStart).toBe('Beds #garden '.length);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  test('a click picks a suggestion; Escape closes the list until another tag starts', async () => {
    stubSuggestions();
    renderSaving(<Field />);
    const field = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Description' });
    field.focus();
    type(field, '#garden_p');
    expect(await screen.findByRole('option', { name: /#garden_party/ })).toBeInTheDocument();
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    type(field, '#garden_party #garde');
    fireEvent.click(await screen.findByRole('option', { name: /#gardenia/ }));
    expect(field.value).toBe('#garden_party #gardenia ');
  });

  test('Enter without a highlighted suggestion is left to the field; no list outside a tag', async () => {
    const api = stubSuggestions();
    renderSaving(<Field />);
    const field = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Description' });
    field.focus();
    type(field, 'C#gar and page#gar');
    type(field, 'plain words');
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(api.requests().filter((path) => path.startsWith('/v3/search/autocomplete/'))).toEqual(
      [],
    );
    type(field, '#garden');
    await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(0));
    const before = field.value;
    const notPrevented = fireEvent.keyDown(field, { key: 'Enter' });
    expect(notPrevented).toBe(true);
    expect(field.value).toBe(before);
  });
});

describe('hashtags as links', () => {
  test('each tag links to the pin search; the rest stays text', () => {
    stubApi(() => undefined);
    renderSaving(
      <p data-testid="text">
        <HashtagText text="Cedar beds #Garden and C# notes, #DIY_ideas." />
      </p>,
    );
    const text = screen.getByTestId('text');
    expect(text).toHaveTextContent('Cedar beds #Garden and C# notes, #DIY_ideas.');
    const links = within(text).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['#Garden', '#DIY_ideas']);
    expect(links[0]).toHaveAttribute('href', '/search/pins/?q=%23garden');
    expect(links[1]).toHaveAttribute('href', '/search/pins/?q=%23diy_ideas');
  });
});
