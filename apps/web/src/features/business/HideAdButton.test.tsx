import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createI18n } from '../../i18n/i18n.ts';
import { fail, ok, stubApi } from '../../test/api.ts';
import { makePin } from '../../test/fixtures.ts';
import { HideAdButton } from './HideAdButton.tsx';

const HIDE_PATH = '/v3/ads/31/hide/';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderCard() {
  const pin = makePin('8', { is_promoted: true, tracking_params: '31' });
  return render(
    <I18nextProvider i18n={createI18n('en')}>
      <div className="pin-card">
        <HideAdButton pin={pin} name="Lemon tart" />
      </div>
    </I18nextProvider>,
  );
}

describe('HideAdButton', () => {
  test('hides at once, tells the server, and Undo unhides; focus follows the control', async () => {
    const methods: string[] = [];
    stubApi((url, init) => {
      if (url.pathname !== HIDE_PATH) return undefined;
      methods.push(init?.method ?? 'GET');
      return ok({ ad_id: '31', hidden: init?.method === 'PUT' });
    });
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Hide ad: Lemon tart' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      "Got it! We won't show you this ad again.",
    );
    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(undo).toHaveFocus();
    await waitFor(() => expect(methods).toEqual(['PUT']));

    fireEvent.click(undo);
    expect(screen.getByRole('button', { name: 'Hide ad: Lemon tart' })).toHaveFocus();
    await waitFor(() => expect(methods).toEqual(['PUT', 'DELETE']));
  });

  test('a refused hide uncovers the card again and says so', async () => {
    stubApi((url) => (url.pathname === HIDE_PATH ? fail('AD_NOT_FOUND') : undefined));
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Hide ad: Lemon tart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't hide this ad. Try again.");
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('button', { name: 'Hide ad: Lemon tart' })).toBeInTheDocument();
  });

  test('draws nothing for a pin without an ad', () => {
    const { container } = render(
      <I18nextProvider i18n={createI18n('en')}>
        <HideAdButton pin={makePin('9')} name="x" />
      </I18nextProvider>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
