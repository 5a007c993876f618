// Board cards use the 170x board image (saving.md §3 "images170x", decision 143), with the 236x
// as the wider srcset candidate for the large slot on dense screens.
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import type { ImageVariant } from '@corkboard/shared/api-types';
import { makeBoard } from '../test/fixtures.ts';
import { createStrictI18n } from '../test/i18n.ts';
import { BoardCard, coverSources } from './BoardCard.tsx';

const image = (width: number, name: string): ImageVariant => ({
  url: `/media/${name}-${width}.jpg`,
  webp_url: `/media/${name}-${width}.webp`,
  width,
  height: width,
});

describe('BoardCard covers', () => {
  test('each slot loads the 170x image and offers the 236x in srcset', () => {
    const board = makeBoard({
      cover_images: [image(236, 'a'), image(236, 'b')],
      images_170x: [image(170, 'a'), image(170, 'b')],
    });
    const { container } = render(
      <I18nextProvider i18n={createStrictI18n()}>
        <MemoryRouter>
          <BoardCard board={board} />
        </MemoryRouter>
      </I18nextProvider>,
    );
    const images = container.querySelectorAll('img');
    expect(images).toHaveLength(2);
    expect(images[0]?.getAttribute('src')).toBe('/media/a-170.jpg');
    expect(images[0]?.getAttribute('srcset')).toBe('/media/a-170.jpg 170w, /media/a-236.jpg 236w');
    expect(images[0]?.getAttribute('width')).toBe('170');
    expect(images[1]?.getAttribute('src')).toBe('/media/b-170.jpg');
  });

  test('a 170x that fell back to the 236x is offered once; no 170x at all uses the cover image', () => {
    const fallback = image(236, 'c');
    expect(coverSources(fallback, fallback)).toEqual({
      src: fallback.url,
      srcSet: `${fallback.url} 236w`,
      width: 236,
      height: 236,
    });
    expect(coverSources(undefined, fallback)?.src).toBe(fallback.url);
    expect(coverSources(undefined, undefined)).toBeNull();
  });
});
