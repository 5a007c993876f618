import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { stubApi } from '../../test/api.ts';
import { renderApp } from '../../test/render.tsx';

describe('bookmarklet page', () => {
  test('offers the bookmarklet to drag, as a javascript: URL carrying the whole script', async () => {
    stubApi(() => undefined);
    renderApp('/bookmarklet/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Save ideas from any website' }),
    ).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Save to Corkboard' });
    const href = link.getAttribute('href') ?? '';
    expect(href.startsWith('javascript:')).toBe(true);
    const script = decodeURIComponent(href.slice('javascript:'.length));
    expect(script).toContain('http://localhost:3000');
    expect(script).toContain('/pin/create/bookmarklet/');
    expect(script).toContain('"image":"Save image {{number}} of {{count}}"');
    // Clicking it here only explains how to install it.
    fireEvent.click(link);
    expect(
      screen.getByText('Drag this button to your bookmarks bar. Clicking it here does nothing.'),
    ).toHaveClass('text--bold');
    expect(screen.getByRole('textbox', { name: 'Bookmarklet address' })).toHaveValue(href);
  });

  test('copies the address for keyboard users', async () => {
    stubApi(() => undefined);
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderApp('/bookmarklet/');
    fireEvent.click(await screen.findByRole('button', { name: 'Copy bookmarklet address' }));
    await waitFor(() =>
      expect(
        screen.getByText('Copied! Paste it as the address of a new bookmark.'),
      ).toBeInTheDocument(),
    );
    expect(writeText).toHaveBeenCalledWith(expect.stringMatching(/^javascript:/));
    Reflect.deleteProperty(navigator, 'clipboard');
  });
});
