// The pin's actions row for visitors (auth.md §2): its box is kept, hidden and unreachable, while
// the session is unknown, so the pin's facts below do not move when the row appears (ADR 207).
import { screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { fail, ok, stubApi } from '../../test/api.ts';
import { makeAuthUser, makePin } from '../../test/fixtures.ts';
import { renderSaving } from '../../test/render.tsx';
import { PinAuthActions } from './EntryPoints.tsx';

const pin = makePin('7');

describe('PinAuthActions', () => {
  test('keeps the row box, hidden and unreachable, until the viewer is known; then a visitor gets the buttons', async () => {
    stubApi((url) => (url.pathname === '/v3/users/me/' ? fail('UNAUTHORIZED') : undefined));
    const { container } = renderSaving(<PinAuthActions pin={pin} />);
    const pending = container.querySelector('.closeup__actions--pending');
    expect(pending).not.toBeNull();
    expect(pending).toHaveAttribute('aria-hidden', 'true');
    for (const placeholder of pending?.querySelectorAll('button') ?? []) {
      expect(placeholder).toBeDisabled();
      expect(placeholder).toHaveAttribute('tabindex', '-1');
    }
    expect(screen.queryByRole('button')).toBeNull();
    await screen.findByRole('button', { name: 'Save' });
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(2);
    for (const real of buttons) expect(real).toBeEnabled();
    expect(container.querySelector('.closeup__actions--pending')).toBeNull();
  });

  test('a signed-in person gets neither the row nor its placeholder once known', async () => {
    stubApi((url) =>
      url.pathname === '/v3/users/me/' ? ok(makeAuthUser({ id: '1' })) : undefined,
    );
    const { container } = renderSaving(<PinAuthActions pin={pin} />);
    expect(container.querySelector('.closeup__actions--pending')).not.toBeNull();
    await vi.waitFor(() => expect(container.querySelector('.closeup__actions')).toBeNull());
  });
});
