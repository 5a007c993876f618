// The server's own sign-in pop-up ('Connect with Google', LINE; ADR 136, 137, 213): the ID token
// the callback page posts is taken from our origin and that pop-up only, and a message that is
// dispatched after the page already saw the pop-up closed still signs in (the callback page
// posts and closes at once; on a slow machine the poll can run between the two).
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi, type MockInstance } from 'vitest';
import { AppProviders } from '../../app/App.tsx';
import { createI18n } from '../../i18n/i18n.ts';
import { stubApi } from '../../test/api.ts';
import { createTestQueryClient } from '../../test/render.tsx';
import { ensureAuthCatalogue } from './authCatalogue.ts';
import { SOCIAL_POPUP_POLL_MS } from './facebookPopup.ts';
import { PopupSignInButton, popupAuthorizePath, popupMessageType } from './PopupSignInButton.tsx';

const popupWindow = { closed: false, close: vi.fn() };

function renderButton() {
  const i18n = createI18n('en');
  ensureAuthCatalogue(i18n);
  stubApi(() => undefined);
  const onCredential = vi.fn();
  const onPopupBlocked = vi.fn();
  const onUnavailable = vi.fn();
  const view = render(
    <AppProviders queryClient={createTestQueryClient()} i18n={i18n}>
      <MemoryRouter>
        <PopupSignInButton
          provider="google"
          onCredential={onCredential}
          onPopupBlocked={onPopupBlocked}
          onUnavailable={onUnavailable}
        />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, onCredential, onPopupBlocked, onUnavailable };
}

function post(data: unknown, origin = window.location.origin, source: unknown = popupWindow) {
  window.dispatchEvent(new MessageEvent('message', { origin, data, source: source as never }));
}

const message = (credential: string | null, error: string | null = null) => ({
  type: popupMessageType('google'),
  credential,
  error,
});

describe('PopupSignInButton', () => {
  let open: MockInstance<typeof window.open>;
  beforeEach(() => {
    popupWindow.closed = false;
    popupWindow.close.mockClear();
    open = vi.spyOn(window, 'open').mockImplementation(() => popupWindow as unknown as Window);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    open.mockRestore();
  });

  test('takes the ID token from our origin and that pop-up only', () => {
    const { onCredential } = renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Connect with Google' }));
    expect(open).toHaveBeenCalledWith(
      popupAuthorizePath('google'),
      'corkboard_google',
      expect.stringContaining('popup'),
    );
    post(message('stolen'), 'https://evil.test');
    post(message('not-the-popup'), window.location.origin, {});
    expect(onCredential).not.toHaveBeenCalled();
    post(message('id-token-1'));
    expect(onCredential).toHaveBeenCalledExactlyOnceWith('id-token-1');
    post(message('id-token-2'));
    expect(onCredential).toHaveBeenCalledTimes(1);
  });

  test('a message dispatched after the poll saw the pop-up closed still signs in', async () => {
    const { onCredential } = renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Connect with Google' }));
    popupWindow.closed = true;
    await vi.advanceTimersByTimeAsync(SOCIAL_POPUP_POLL_MS);
    post(message('id-token-late'));
    expect(onCredential).toHaveBeenCalledExactlyOnceWith('id-token-late');
  });

  test('after the button goes away, a late message does nothing', async () => {
    const { onCredential, unmount } = renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Connect with Google' }));
    popupWindow.closed = true;
    await vi.advanceTimersByTimeAsync(SOCIAL_POPUP_POLL_MS);
    unmount();
    post(message('id-token-late'));
    expect(onCredential).not.toHaveBeenCalled();
  });
});
