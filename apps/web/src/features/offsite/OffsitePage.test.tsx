// /offsite/ (business.md §2.2, §5.3; docs/decisions/080): the check it asks, going on by itself
// only to a pin's own ok link, the "leaving" page for other ok links, the refused statuses with
// their copy, and links that may never leave.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fail, ok, stubApi } from '../../test/api.ts';
import { renderApp } from '../../test/render.tsx';
import { leaveTo } from './leave.ts';

vi.mock('./leave.ts', () => ({ leaveTo: vi.fn() }));

afterEach(() => {
  vi.mocked(leaveTo).mockClear();
});

function offsitePath(query: Record<string, string>): string {
  return `/offsite/?${new URLSearchParams(query).toString()}`;
}

function stubCheck(answer: Response) {
  return stubApi((url) => (url.pathname === '/v3/offsite/' ? answer : undefined));
}

describe('/offsite/', () => {
  test("asks the check with the page's parameters and goes on to the pin's own link", async () => {
    const api = stubCheck(
      ok({ redirect_status: 'ok', url: 'https://gardens.example.org/beds', direct: true }),
    );
    renderApp(
      offsitePath({
        token: '417',
        url: 'https://gardens.example.org/beds',
        pin: '5',
        isThirdPartyAd: 'true',
        csr: 'c',
        client_tracking_params: 'ctp',
        aux_data: 'aux',
      }),
    );
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://gardens.example.org/beds'));
    expect(leaveTo).toHaveBeenCalledTimes(1);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Taking you to gardens.example.org…' }),
    ).toBeInTheDocument();
    const [request] = api.requests();
    const query = Object.fromEntries(new URL(request ?? '', 'http://localhost').searchParams);
    expect(query).toEqual({
      check_only: 'true',
      url: 'https://gardens.example.org/beds',
      pin_id: '5',
      third_party_ad: 'true',
      token: '417',
      csr: 'c',
      client_tracking_params: 'ctp',
      aux_data: 'aux',
    });
  });

  test('shows any other ok link and lets the person choose', async () => {
    stubCheck(ok({ redirect_status: 'ok', url: 'https://shop.example/a?b=1', direct: false }));
    renderApp(offsitePath({ token: '3', url: 'https://shop.example/a?b=1' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: "You're leaving Corkboard" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('This link goes to shop.example. Only continue if you trust it.'),
    ).toBeInTheDocument();
    expect(screen.getByText('https://shop.example/a?b=1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to shop.example' })).toHaveAttribute(
      'href',
      'https://shop.example/a?b=1',
    );
    expect(screen.getByRole('link', { name: 'Back to Corkboard' })).toHaveAttribute('href', '/');
    expect(leaveTo).not.toHaveBeenCalled();
  });

  test.each([
    [
      'blocked',
      'We blocked this link',
      "evil.example is known for malware or phishing, or our team has blocked it. To keep your account and your device safe, Corkboard won't open it.",
    ],
    [
      'suspicious',
      'This link may not be safe',
      "evil.example has been reported for unwanted software or misleading pages. To keep you safe, Corkboard won't open it.",
    ],
    [
      'porn',
      "We don't open this link",
      "evil.example has adult content. Corkboard doesn't send people to adult sites.",
    ],
  ])('refuses a %s link, says why and offers no way on', async (status, heading, message) => {
    stubCheck(ok({ redirect_status: status, url: 'https://evil.example/x', direct: false }));
    renderApp(offsitePath({ token: '9', url: 'https://evil.example/x', pin: '5' }));
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByText('https://evil.example/x')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Continue/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Corkboard' })).toBeInTheDocument();
    expect(leaveTo).not.toHaveBeenCalled();
  });

  test('never goes on to a refused link even when the answer says direct', async () => {
    stubCheck(ok({ redirect_status: 'blocked', url: 'https://evil.example/', direct: true }));
    renderApp(offsitePath({ url: 'https://evil.example/', pin: '5' }));
    await screen.findByRole('heading', { level: 1, name: 'We blocked this link' });
    expect(leaveTo).not.toHaveBeenCalled();
  });

  test.each(['javascript:alert(1)', 'data:text/html,hi', '/pin/5/', ''])(
    'refuses %s without asking the server',
    async (url) => {
      const api = stubCheck(ok({ redirect_status: 'ok', url, direct: true }));
      renderApp(offsitePath({ token: '1', url }));
      expect(
        await screen.findByRole('heading', { level: 1, name: "This link can't be opened" }),
      ).toBeInTheDocument();
      expect(api.requests()).toEqual([]);
      expect(leaveTo).not.toHaveBeenCalled();
    },
  );

  test('says so when the link is on Corkboard itself', async () => {
    stubCheck(fail('OFFSITE_URL_INTERNAL'));
    renderApp(offsitePath({ url: 'https://corkboard.example/pin/5/' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link goes to Corkboard' }),
    ).toBeInTheDocument();
    expect(leaveTo).not.toHaveBeenCalled();
  });

  test('offers to try again when the check fails', async () => {
    stubCheck(fail('INTERNAL'));
    renderApp(offsitePath({ url: 'https://shop.example/' }));
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(leaveTo).not.toHaveBeenCalled();
  });
});
