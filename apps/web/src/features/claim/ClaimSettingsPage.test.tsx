// /settings/claim/: the token in the chosen proof's form, claiming (the server's refusal in the
// page's words, then success and the list), removing, connecting Instagram (the browser goes to
// the provider's address), the callback page handing the code over once and landing back on
// /settings/claim/, a refused state, and disconnecting.
import type { ClaimState } from '@corkboard/shared/claim/claim';
import { failure } from '@corkboard/shared/envelope';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { ok, stubApi } from '../../test/api.ts';
import { makeAuthUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { pageLoad } from '../session/pageLoad.ts';

const TOKEN = '0123456789abcdef0123456789abcdef';

function apiFail(name: keyof typeof ERROR_CODES, data?: Record<string, unknown>): Response {
  const definition = ERROR_CODES[name];
  return Response.json(
    failure({
      api_error_code: definition.code,
      message: definition.message,
      http_status: definition.httpStatus,
      data,
    }),
    { status: definition.httpStatus },
  );
}

function claimState(overrides: Partial<ClaimState> = {}): ClaimState {
  return {
    verification_token: TOKEN,
    websites: [],
    instagram: null,
    instagram_available: true,
    ...overrides,
  };
}

function body(init: RequestInit | undefined): Record<string, unknown> {
  return JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
}

describe('/settings/claim/', () => {
  test('shows the token as a meta tag, a file or a TXT record', async () => {
    stubApi((url) => {
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser());
      if (url.pathname === '/v3/users/me/claim/') return ok(claimState());
      return undefined;
    });
    renderApp('/settings/claim/');
    expect(await screen.findByRole('heading', { name: 'Claim', level: 1 })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Settings' });
    expect(within(nav).getByRole('link', { name: 'Claim' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByTestId('claim-proof')).toHaveTextContent(
      `<meta name="corkboard-site-verification" content="${TOKEN}">`,
    );
    fireEvent.click(screen.getByRole('radio', { name: 'HTML file' }));
    expect(screen.getByText(new RegExp(`corkboard-${TOKEN}\\.html`))).toBeInTheDocument();
    expect(screen.getByTestId('claim-proof')).toHaveTextContent(new RegExp(`^${TOKEN}$`));
    fireEvent.click(screen.getByRole('radio', { name: 'DNS record' }));
    expect(screen.getByTestId('claim-proof')).toHaveTextContent(
      `corkboard-site-verification=${TOKEN}`,
    );
  });

  test('claims a website: a failed proof in words, then success, the list, and removal', async () => {
    let state = claimState();
    const claims: Record<string, unknown>[] = [];
    let removed = '';
    stubApi((url, init) => {
      const method = init?.method ?? 'GET';
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser());
      if (url.pathname === '/v3/users/me/claim/') return ok(state);
      if (url.pathname === '/v3/users/me/websites/' && method === 'POST') {
        claims.push(body(init));
        if (claims.length === 1) {
          return apiFail('WEBSITE_VERIFICATION_FAILED', {
            method: 'dns',
            reason: 'record_missing',
          });
        }
        const website = {
          domain: 'example.com',
          url: 'https://www.example.com/',
          method: 'dns' as const,
          verified_at: '2026-11-23T20:00:00.000Z',
        };
        state = { ...state, websites: [website] };
        return ok(website);
      }
      if (url.pathname === '/v3/users/me/websites/example.com/' && method === 'DELETE') {
        removed = 'example.com';
        state = { ...state, websites: [] };
        return ok({ ok: true });
      }
      return undefined;
    });
    renderApp('/settings/claim/');
    await screen.findByRole('heading', { name: 'Claim', level: 1 });
    expect(screen.getByText("You haven't claimed a website yet.")).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: 'DNS record' }));
    fireEvent.change(screen.getByLabelText('Website'), {
      target: { value: 'www.example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Claim website' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't find the TXT record on that domain.",
    );
    expect(claims[0]).toEqual({ url: 'www.example.com', method: 'dns' });

    fireEvent.click(screen.getByRole('button', { name: 'Claim website' }));
    expect(await screen.findByText('example.com is now yours on Corkboard.')).toBeInTheDocument();
    expect(await screen.findByText('Proven with a DNS record')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Remove example.com' }));
    expect(await screen.findByText('example.com is no longer claimed.')).toBeInTheDocument();
    expect(removed).toBe('example.com');
    expect(await screen.findByText("You haven't claimed a website yet.")).toBeInTheDocument();
  });

  test('says a website someone else claimed is taken', async () => {
    stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser());
      if (url.pathname === '/v3/users/me/claim/') return ok(claimState());
      if (url.pathname === '/v3/users/me/websites/' && init?.method === 'POST') {
        return apiFail('WEBSITE_CLAIMED_BY_SOMEONE_ELSE', { domain: 'example.com' });
      }
      return undefined;
    });
    renderApp('/settings/claim/');
    await screen.findByRole('heading', { name: 'Claim', level: 1 });
    fireEvent.change(screen.getByLabelText('Website'), { target: { value: 'example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Claim website' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone else has already claimed this website.',
    );
  });

  test('Connect Instagram sends the browser to the provider’s authorize address', async () => {
    const assign = vi.spyOn(pageLoad, 'assign').mockImplementation(() => undefined);
    const authorizeUrl = 'http://127.0.0.1:9/oauth/authorize?client_id=1&state=s';
    stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser());
      if (url.pathname === '/v3/users/me/claim/') return ok(claimState());
      if (url.pathname === '/v3/users/me/instagram/authorize/' && init?.method === 'POST') {
        return ok({ authorize_url: authorizeUrl });
      }
      return undefined;
    });
    renderApp('/settings/claim/');
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Instagram' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(authorizeUrl));
    assign.mockRestore();
  });

  test('the callback hands the code over once and lands on /settings/claim/ connected', async () => {
    let state = claimState();
    const connects: Record<string, unknown>[] = [];
    stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser());
      if (url.pathname === '/v3/users/me/claim/') return ok(state);
      if (url.pathname === '/v3/users/me/instagram/connect/' && init?.method === 'POST') {
        connects.push(body(init));
        const instagram = { username: 'mara_cooks', connected_at: '2026-11-23T20:00:00.000Z' };
        state = { ...state, instagram };
        return ok(instagram);
      }
      if (url.pathname === '/v3/users/me/instagram/' && init?.method === 'DELETE') {
        state = { ...state, instagram: null };
        return ok({ ok: true });
      }
      return undefined;
    });
    renderApp('/settings/claim/instagram/callback/?code=AQcode&state=st4te');
    expect(await screen.findByText('Your Instagram account is connected.')).toBeInTheDocument();
    expect(screen.getByText('Connected to Instagram as @mara_cooks.')).toBeInTheDocument();
    expect(connects).toEqual([{ code: 'AQcode', state: 'st4te' }]);

    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Your Instagram account was disconnected.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Connect Instagram' })).toBeInTheDocument();
  });

  test('the callback reports a refused state and a cancelled connection', async () => {
    stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(makeAuthUser());
      if (url.pathname === '/v3/users/me/claim/') return ok(claimState());
      if (url.pathname === '/v3/users/me/instagram/connect/' && init?.method === 'POST') {
        return apiFail('INSTAGRAM_STATE_INVALID');
      }
      return undefined;
    });
    const first = renderApp('/settings/claim/instagram/callback/?code=AQcode&state=forged');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "That Instagram connection expired or didn't start here.",
    );
    first.unmount();
    renderApp(
      '/settings/claim/instagram/callback/?error=access_denied&error_reason=user_denied&state=s',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent("You didn't connect Instagram.");
  });
});
