// The search advisory banner on the results page (business.md §2.4; docs/decisions/073).
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { AdvisoryNotice, SearchAdvisory } from '@corkboard/shared/search/advisories';
import { ok, stubApi } from '../../test/api.ts';
import { makePins } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { advisorySegments } from './advisoryText.ts';

const notice: AdvisoryNotice = {
  style: 'info',
  title: 'You are not alone',
  description: {
    text: 'Read our support guide, talk to someone today, or see tips.',
    text_tags: [
      { offset: 9, length: 13, tagType: 'link', link: '/search/pins/?q=self%20care' },
      { offset: 24, length: 21, tagType: 'bold', link: null },
      { offset: 54, length: 4, tagType: 'link', link: 'javascript:alert(1)' },
    ],
  },
  actions: [
    { button_text: 'Find a helpline', link: 'https://help.example/lines' },
    { button_text: 'Sneaky', link: '//evil.example/' },
  ],
  footer: 'Operators wrote this footer.',
  phone_number: null,
};

function advisory(overrides: Partial<SearchAdvisory> = {}): SearchAdvisory {
  return {
    id: '7',
    advisory: 'SUPPORT',
    severity: 1,
    advisory_type: 4,
    resource_country: null,
    notices: [notice],
    ...overrides,
  };
}

function answerWith(value: SearchAdvisory, count: number) {
  stubApi((url) =>
    url.pathname === '/v3/search/pins/'
      ? ok({
          scope: 'pins',
          kind: 'pins',
          did_you_mean: null,
          advisory: value,
          results: makePins(1, count),
        })
      : undefined,
  );
}

describe('search advisory banner', () => {
  test('renders the notice with bold and linked text tags, safe links only, actions and footer', async () => {
    answerWith(advisory(), 2);
    renderApp('/search/pins/?q=feeling%20low');
    const banner = await screen.findByRole('region', { name: 'Advisory about this search' });
    expect(
      within(banner).getByRole('heading', { level: 2, name: 'You are not alone' }),
    ).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'support guide' })).toHaveAttribute(
      'href',
      '/search/pins/?q=self%20care',
    );
    expect(within(banner).getByText('talk to someone today').tagName).toBe('STRONG');
    // The javascript: tag is plain text, not a link.
    expect(within(banner).queryByRole('link', { name: 'tips' })).toBeNull();
    expect(within(banner).getByText('tips')).toBeInTheDocument();
    const action = within(banner).getByRole('link', { name: 'Find a helpline' });
    expect(action).toHaveAttribute('href', 'https://help.example/lines');
    expect(action).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(banner).queryByRole('link', { name: 'Sneaky' })).toBeNull();
    expect(within(banner).getByText('Operators wrote this footer.')).toBeInTheDocument();
    // Not withheld: the results are there too.
    expect(await screen.findByRole('link', { name: 'Pin 2' })).toBeInTheDocument();
  });

  test('shows actions only for advisory types 4 and 14', async () => {
    answerWith(advisory({ advisory_type: 14 }), 1);
    const first = renderApp('/search/pins/?q=type%20fourteen');
    expect(await screen.findByRole('link', { name: 'Find a helpline' })).toBeInTheDocument();
    first.unmount();

    answerWith(advisory({ advisory_type: 3 }), 1);
    renderApp('/search/pins/?q=type%20three');
    const banner = await screen.findByRole('region', { name: 'Advisory about this search' });
    expect(within(banner).getByText('Operators wrote this footer.')).toBeInTheDocument();
    expect(within(banner).queryByRole('link', { name: 'Find a helpline' })).toBeNull();
  });

  test('the phone-support variant offers a call link', async () => {
    answerWith(
      advisory({
        notices: [{ ...notice, style: 'phone_support', phone_number: '+1 (800) 273-8255' }],
      }),
      1,
    );
    renderApp('/search/pins/?q=helpline');
    expect(await screen.findByRole('link', { name: 'Call +1 (800) 273-8255' })).toHaveAttribute(
      'href',
      'tel:+18002738255',
    );
  });

  test('an ABUSIVE advisory shows the banner alone: no results and no empty state', async () => {
    answerWith(advisory({ severity: 0, advisory_type: 1 }), 0);
    renderApp('/search/pins/?q=abusive');
    expect(
      await screen.findByRole('region', { name: 'Advisory about this search' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('No results for “abusive”')).toBeNull();
  });
});

describe('advisorySegments', () => {
  test('skips tags outside the text or overlapping an earlier one', () => {
    expect(
      advisorySegments('abcdef', [
        { offset: 1, length: 2, tagType: 'bold', link: null },
        { offset: 2, length: 2, tagType: 'bold', link: null },
        { offset: 4, length: 9, tagType: 'bold', link: null },
      ]),
    ).toEqual([
      { kind: 'text', text: 'a' },
      { kind: 'bold', text: 'bc' },
      { kind: 'text', text: 'def' },
    ]);
  });
});
