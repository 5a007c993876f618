import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { createI18n } from '../i18n/i18n.ts';
import { makePin } from '../test/fixtures.ts';
import { PinCard } from './PinCard.tsx';
import { FALLBACK_PLACEHOLDER } from './PinImage.tsx';

function renderCard(pin = makePin('42')) {
  return render(
    <I18nextProvider i18n={createI18n('en')}>
      <MemoryRouter>
        <PinCard pin={pin} displayWidth="236px" />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('PinCard', () => {
  test('links the whole card to the closeup, named by the image alt (the title)', () => {
    renderCard(makePin('42', { title: 'Raised garden beds' }));
    const link = screen.getByRole('link', { name: 'Raised garden beds' });
    expect(link).toHaveAttribute('href', '/pin/42/');
    expect(screen.getByRole('img')).toHaveAttribute('alt', 'Raised garden beds');
    expect(screen.getByText('Raised garden beds')).toBeInTheDocument();
  });

  test("a promoted pin says 'Promoted by' its advertiser; an organic one does not", () => {
    const { unmount } = renderCard(makePin('7', { title: 'Lemon tart' }));
    expect(screen.queryByText(/Promoted by/)).toBeNull();
    unmount();
    renderCard(
      makePin('8', {
        title: 'Lemon tart',
        is_promoted: true,
        promoter: {
          id: '9',
          username: 'maras_kitchen',
          full_name: "Mara's Kitchen",
          image_medium_url: null,
        },
        tracking_params: '31',
      }),
    );
    expect(screen.getByText("Promoted by Mara's Kitchen")).toBeInTheDocument();
  });

  test('alt falls back to the description, then to who pinned it', () => {
    const { unmount } = renderCard(makePin('1', { title: '  ', description: 'Tomatoes in July' }));
    expect(screen.getByRole('img')).toHaveAttribute('alt', 'Tomatoes in July');
    unmount();
    renderCard(makePin('2', { title: '', description: '' }));
    expect(screen.getByRole('img')).toHaveAttribute('alt', 'Pin by Alice Example');
  });

  test('paints the dominant colour in a box of the image aspect ratio until the image loads', () => {
    const { container } = renderCard(makePin('3', { dominant_color: '#336699' }));
    const placeholder = container.querySelector<HTMLElement>('.pin-image');
    expect(placeholder).not.toBeNull();
    expect(placeholder?.style.backgroundColor).toBe('rgb(51, 102, 153)');
    expect(placeholder?.style.aspectRatio).toBe('236 / 354');
  });

  test('a dominant colour that is not a hex colour falls back to neutral grey', () => {
    const { container } = renderCard(makePin('4', { dominant_color: 'url(javascript:alert(1))' }));
    const placeholder = container.querySelector<HTMLElement>('.pin-image');
    expect(placeholder?.style.backgroundColor).toBe('rgb(239, 239, 239)');
    expect(FALLBACK_PLACEHOLDER).toBe('#efefef');
  });

  test('offers WebP first with a JPEG fallback, lazily, with intrinsic size', () => {
    const { container } = renderCard(makePin('5'));
    const source = container.querySelector('picture > source');
    expect(source).toHaveAttribute('type', 'image/webp');
    expect(source).toHaveAttribute(
      'srcset',
      '/media/pin5-236.webp 236w, /media/pin5-474.webp 474w',
    );
    const img = screen.getByRole('img');
    expect(img.parentElement?.tagName).toBe('PICTURE');
    expect(img).toHaveAttribute('src', '/media/pin5-236.jpg');
    expect(img).toHaveAttribute('srcset', '/media/pin5-236.jpg 236w, /media/pin5-474.jpg 474w');
    expect(img).toHaveAttribute('sizes', '236px');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '236');
    expect(img).toHaveAttribute('height', '354');
  });
});
