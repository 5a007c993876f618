// /admin/offsite/ (docs/decisions/080, 019): an operator lists a domain, sees the list, removes a
// domain, checks a link and reads why, and sees the click summary; server errors are shown.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fail, ok, stubApi } from '../../test/api.ts';
import { makeAuthUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

const operator = makeAuthUser({ id: '1', username: 'ines', is_admin: true });
const listed = [
  {
    domain: 'adult.example',
    status: 'porn',
    note: '',
    updated_at: '2026-11-23T10:00:00.000Z',
    updated_by: 'ines',
  },
  {
    domain: 'evil.example',
    status: 'blocked',
    note: 'phishing reports',
    updated_at: '2026-11-23T10:00:00.000Z',
    updated_by: null,
  },
];

function stubAdmin(extra: (url: URL, init: RequestInit | undefined) => Response | undefined) {
  return stubApi((url, init) => {
    if (url.pathname === '/v3/users/me/') return ok(operator);
    const answer = extra(url, init);
    if (answer) return answer;
    if (url.pathname === '/v3/admin/offsite/') return ok(listed);
    if (url.pathname === '/v3/admin/offsite/clicks/') {
      return ok({ days: 7, by_status: { ok: 1200, blocked: 3, suspicious: 0, porn: 1 } });
    }
    return undefined;
  });
}

describe('admin outbound links page', () => {
  test('is a section of the admin navigation and lists the domains and clicks', async () => {
    const api = stubAdmin(() => undefined);
    renderApp('/admin/offsite/');
    // The first test loads the admin and page chunks cold: slow on a busy machine.
    expect(
      await screen.findByRole('heading', { name: 'Outbound links', level: 1 }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Admin sections' })).getByRole('link', {
        name: 'Outbound links',
      }),
    ).toHaveAttribute('href', '/admin/offsite/');
    expect(await screen.findByText('Blocked · phishing reports')).toBeInTheDocument();
    expect(screen.getByText('Adult content · by ines')).toBeInTheDocument();
    expect(await screen.findByText('1,200')).toBeInTheDocument();
    expect(api.requests()).toContain('/v3/admin/offsite/clicks/?days=7');
  });

  test('lists a domain with a status and a note', async () => {
    const api = stubAdmin((url, init) =>
      url.pathname === '/v3/admin/offsite/shady.example/' && init?.method === 'PUT'
        ? ok({ domain: 'shady.example' })
        : undefined,
    );
    renderApp('/admin/offsite/');
    fireEvent.change(await screen.findByLabelText('Domain'), {
      target: { value: ' shady.example ' },
    });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'suspicious' } });
    fireEvent.change(screen.getByLabelText('Note for other operators (optional)'), {
      target: { value: 'fake shop' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save domain' }));
    expect(await screen.findByText('shady.example is now listed.')).toBeInTheDocument();
    expect(api.bodies('/v3/admin/offsite/shady.example/')).toEqual([
      { status: 'suspicious', note: 'fake shop' },
    ]);
  });

  test("shows the server's message for a bad domain", async () => {
    stubAdmin((url, init) => (init?.method === 'PUT' ? fail('OFFSITE_DOMAIN_INVALID') : undefined));
    renderApp('/admin/offsite/');
    fireEvent.change(await screen.findByLabelText('Domain'), {
      target: { value: 'https://x.example' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save domain' }));
    expect(
      await screen.findByText('That is not a domain name (for example example.com).'),
    ).toBeInTheDocument();
  });

  test('removes a domain', async () => {
    const api = stubAdmin((url, init) =>
      url.pathname === '/v3/admin/offsite/evil.example/' && init?.method === 'DELETE'
        ? ok({ domain: 'evil.example' })
        : undefined,
    );
    renderApp('/admin/offsite/');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove evil.example' }));
    expect(await screen.findByText('evil.example is no longer listed.')).toBeInTheDocument();
    expect(api.requests()).toContain('/v3/admin/offsite/evil.example/');
  });

  test('checks a link and says why', async () => {
    stubAdmin((url) =>
      url.pathname === '/v3/admin/offsite/check/'
        ? ok({
            url: url.searchParams.get('url'),
            redirect_status: 'blocked',
            source: 'safe_browsing',
            listed_domain: null,
            threat_types: ['SOCIAL_ENGINEERING'],
            reputation_checked: true,
          })
        : undefined,
    );
    renderApp('/admin/offsite/');
    fireEvent.change(await screen.findByLabelText('Link to check'), {
      target: { value: 'https://login.phishing.example/' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Check link' }));
    expect(await screen.findByText('https://login.phishing.example/: Blocked')).toBeInTheDocument();
    expect(
      screen.getByText('Decided by the reputation service (SOCIAL_ENGINEERING).'),
    ).toBeInTheDocument();
  });

  test('says when the reputation service did not answer', async () => {
    stubAdmin((url) =>
      url.pathname === '/v3/admin/offsite/check/'
        ? ok({
            url: 'https://a.example/',
            redirect_status: 'ok',
            source: 'none',
            listed_domain: null,
            threat_types: [],
            reputation_checked: false,
          })
        : undefined,
    );
    renderApp('/admin/offsite/');
    fireEvent.change(await screen.findByLabelText('Link to check'), {
      target: { value: 'https://a.example/' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Check link' }));
    await waitFor(() =>
      expect(
        screen.getByText('The reputation service did not answer, so only the list was used.'),
      ).toBeInTheDocument(),
    );
    expect(screen.getByText('https://a.example/: Opens')).toBeInTheDocument();
  });
});
