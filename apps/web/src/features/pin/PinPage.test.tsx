import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fail, ok, stubApi } from '../../test/api.ts';
import { makePin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

const pin = makePin('5', {
  title: 'Raised garden beds',
  description: 'Cedar beds for a small yard.',
  link: 'https://gardens.example.org/beds',
  domain: 'gardens.example.org',
  section: { id: '77', title: 'Vegetables', slug: 'vegetables' },
});
const boardPins = [makePin('4'), pin, makePin('6')];

function stubPinApi(answerPin = ok(pin)) {
  return stubApi((url) => {
    if (url.pathname === '/v3/pins/5/') return answerPin;
    if (url.pathname === '/v3/boards/30/pins/') return ok(boardPins);
    return undefined;
  });
}

describe('pin closeup', () => {
  test('shows the pin with its title as the page heading and document title', async () => {
    stubPinApi();
    renderApp('/pin/5/');
    const main = screen.getByRole('main');
    expect(
      await within(main).findByRole('heading', { level: 1, name: 'Raised garden beds' }),
    ).toBeInTheDocument();
    expect(within(main).getByText('Cedar beds for a small yard.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Raised garden beds | Corkboard'));

    const image = within(main).getAllByRole('img', { name: 'Raised garden beds' })[0];
    expect(image).toHaveAttribute('src', '/media/pin5-736.jpg');
    expect(image).toHaveAttribute('loading', 'eager');
  });

  test("shows the aggregate save count only when the answer carries it (visitors' experiment)", async () => {
    stubPinApi(ok({ ...pin, aggregated_pin_data: { aggregated_stats: { saves: 1234 } } }));
    renderApp('/pin/5/');
    const main = screen.getByRole('main');
    expect(await within(main).findByText('1234 saves')).toBeInTheDocument();
    expect(within(main).getByText('Saves')).toBeInTheDocument();
  });

  test('shows no save count without it', async () => {
    stubPinApi();
    renderApp('/pin/5/');
    const main = screen.getByRole('main');
    await within(main).findByRole('heading', { level: 1, name: 'Raised garden beds' });
    expect(within(main).queryByText('Saves')).toBeNull();
  });

  test('links out safely, and to the board, section and pinner', async () => {
    stubPinApi();
    renderApp('/pin/5/');
    const outbound = await screen.findByRole('link', { name: /Visit gardens\.example\.org/ });
    // Through /offsite/ (business.md §5.3): the link, the pin and a token in 0–1000.
    const href = new URL(outbound.getAttribute('href') ?? '', 'http://localhost');
    expect(href.pathname).toBe('/offsite/');
    expect(href.searchParams.get('url')).toBe('https://gardens.example.org/beds');
    expect(href.searchParams.get('pin')).toBe('5');
    expect(href.searchParams.get('isThirdPartyAd')).toBe('false');
    const token = Number(href.searchParams.get('token'));
    expect(Number.isInteger(token) && token >= 0 && token <= 1000).toBe(true);
    expect(outbound).toHaveAttribute('target', '_blank');
    expect(outbound).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.getByRole('link', { name: 'Summer gardens' })).toHaveAttribute(
      'href',
      '/alice/summer-gardens/',
    );
    expect(screen.getByRole('link', { name: 'Section: Vegetables' })).toHaveAttribute(
      'href',
      '/alice/summer-gardens/?section=77',
    );
    expect(screen.getByRole('link', { name: 'Alice Example' })).toHaveAttribute('href', '/alice/');
  });

  test('never renders a javascript: link', async () => {
    stubPinApi(ok({ ...pin, link: 'javascript:alert(1)', domain: 'evil' }));
    renderApp('/pin/5/');
    await screen.findByRole('heading', { level: 1, name: 'Raised garden beds' });
    expect(screen.queryByRole('link', { name: /Visit/ })).not.toBeInTheDocument();
  });

  test('"More like this" shows the other pins of the board, without this one', async () => {
    stubPinApi();
    renderApp('/pin/5/');
    const section = await screen.findByRole('region', { name: 'More like this' });
    await waitFor(() => expect(within(section).getAllByRole('link')).toHaveLength(2));
    expect(within(section).getByRole('link', { name: 'Pin 4' })).toHaveAttribute('href', '/pin/4/');
    expect(within(section).getByRole('link', { name: 'Pin 6' })).toBeInTheDocument();
    expect(
      within(section).queryByRole('link', { name: 'Raised garden beds' }),
    ).not.toBeInTheDocument();
  });

  test('"More like this" loads its images lazily, leaving the network to the closeup image', async () => {
    stubPinApi();
    renderApp('/pin/5/');
    const section = await screen.findByRole('region', { name: 'More like this' });
    await waitFor(() => expect(within(section).getAllByRole('img')).toHaveLength(2));
    for (const image of within(section).getAllByRole('img')) {
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).toHaveAttribute('fetchpriority', 'auto');
    }
    // The closeup's own image stays the page's eager, high-priority one.
    const closeup = screen.getByRole('article');
    expect(within(closeup).getByRole('img')).toHaveAttribute('fetchpriority', 'high');
  });

  test('an unknown pin shows the 404 state with a way home', async () => {
    stubPinApi(fail('PIN_NOT_FOUND'));
    renderApp('/pin/5/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This Pin could not be found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home feed' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('This Pin could not be found | Corkboard'));
  });

  test('another failure shows the error state with retry, not the 404', async () => {
    stubPinApi(fail('INTERNAL'));
    renderApp('/pin/5/');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText('This Pin could not be found')).not.toBeInTheDocument();
  });
});

describe('closeup widths (saving.md §9)', () => {
  function setViewportWidth(width: number) {
    Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
    // As a browser does: the app reads the width again on resize only (ui/useLayoutWidth.ts).
    window.dispatchEvent(new Event('resize'));
  }

  async function closeupOf(answer: ReturnType<typeof makePin>) {
    stubPinApi(ok(answer));
    renderApp('/pin/5/');
    await within(screen.getByRole('main')).findByRole('heading', { level: 1 });
    return screen.getByRole('article');
  }

  test('wide: 508 panes in 1016; a landscape image gets 672 in 1176', async () => {
    const before = window.innerWidth;
    setViewportWidth(1400);
    try {
      const closeup = await closeupOf(pin);
      expect(closeup).toHaveStyle({
        maxWidth: '1016px',
        gridTemplateColumns: 'minmax(0, 508px) minmax(0, 508px)',
      });
    } finally {
      setViewportWidth(before);
    }
  });

  test('wide, landscape image: 672 and 504 in 1176', async () => {
    const before = window.innerWidth;
    setViewportWidth(1400);
    try {
      const wide = makePin('5', {
        title: 'Raised garden beds',
        images: { ...pin.images, orig: { ...pin.images.orig, width: 1000, height: 600 } },
      });
      const closeup = await closeupOf(wide);
      expect(closeup).toHaveStyle({
        maxWidth: '1176px',
        gridTemplateColumns: 'minmax(0, 672px) minmax(0, 504px)',
      });
    } finally {
      setViewportWidth(before);
    }
  });

  test('medium: a 488 pane in 992', async () => {
    const before = window.innerWidth;
    setViewportWidth(1000);
    try {
      const closeup = await closeupOf(pin);
      expect(closeup).toHaveStyle({
        maxWidth: '992px',
        gridTemplateColumns: 'minmax(0, 488px) minmax(0, 504px)',
      });
    } finally {
      setViewportWidth(before);
    }
  });
});
