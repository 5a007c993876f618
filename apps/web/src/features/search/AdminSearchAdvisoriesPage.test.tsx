// /admin/search-advisories/ (docs/decisions/073, 019): the list, adding an entry (the body the
// API takes), bad JSON caught before sending, and the server's field errors listed.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { AdminSearchAdvisory } from '@corkboard/shared/search/advisories';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { failure } from '@corkboard/shared/envelope';
import { ok, stubApi } from '../../test/api.ts';
import { makeAuthUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

const operator = makeAuthUser({ id: '1', username: 'ines', is_admin: true });
const entry: AdminSearchAdvisory = {
  id: '3',
  match_kind: 'pattern',
  match_text: '*diet pill*',
  advisory: 'DIET',
  severity: 1,
  advisory_type: 4,
  resource_country: 'US',
  notices: [
    {
      style: 'info',
      title: 'Careful with pills',
      description: { text: 'Talk to a doctor.', text_tags: [] },
      actions: [],
      footer: null,
      phone_number: null,
    },
  ],
  updated_at: '2026-11-23T10:00:00.000Z',
  updated_by: 'ines',
};

function invalidAnswer(): Response {
  const definition = ERROR_CODES.SEARCH_ADVISORY_INVALID;
  return Response.json(
    failure({
      api_error_code: definition.code,
      message: definition.message,
      http_status: definition.httpStatus,
      data: {
        fields: [{ path: 'notices.0.actions.0.link', message: 'Links must be http(s)' }],
      },
    }),
    { status: definition.httpStatus },
  );
}

describe('admin search advisories page', () => {
  test('lists entries and adds one with the body the API takes', async () => {
    const api = stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(operator);
      if (url.pathname === '/v3/admin/search-advisories/' && init?.method === 'POST')
        return ok({ ...entry, id: '4', match_text: 'kombucha', match_kind: 'term' });
      if (url.pathname === '/v3/admin/search-advisories/') return ok([entry]);
      return undefined;
    });
    renderApp('/admin/search-advisories/');
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Search advisories', level: 1 },
        { timeout: 20_000 },
      ),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('Pattern · Sensitive · type 4 · DIET · US · “Careful with pills”'),
    ).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Term or pattern'), { target: { value: 'kombucha' } });
    fireEvent.change(screen.getByLabelText('Advisory name'), { target: { value: 'FERMENT' } });
    fireEvent.change(screen.getByLabelText('Severity'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add advisory' }));
    expect(await screen.findByText('The advisory for “kombucha” is saved.')).toBeInTheDocument();
    const sent = api.bodies('/v3/admin/search-advisories/').find((body) => body !== undefined);
    expect(sent).toEqual({
      match_kind: 'term',
      match_text: 'kombucha',
      advisory: 'FERMENT',
      severity: 0,
      advisory_type: 4,
      resource_country: null,
      notices: [
        {
          style: 'info',
          title: '',
          description: { text: '', text_tags: [] },
          actions: [],
          footer: null,
          phone_number: null,
        },
      ],
    });
  });

  test('catches bad JSON and lists the server field errors', async () => {
    let posts = 0;
    stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(operator);
      if (url.pathname === '/v3/admin/search-advisories/' && init?.method === 'POST') {
        posts += 1;
        return invalidAnswer();
      }
      if (url.pathname === '/v3/admin/search-advisories/') return ok([]);
      return undefined;
    });
    renderApp('/admin/search-advisories/');
    await screen.findByText('No advisories yet.', undefined, { timeout: 20_000 });
    fireEvent.change(screen.getByLabelText('Notices (JSON)'), { target: { value: '[{' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add advisory' }));
    expect(await screen.findByText('The notices are not valid JSON.')).toBeInTheDocument();
    expect(posts).toBe(0);

    fireEvent.change(screen.getByLabelText('Notices (JSON)'), { target: { value: '[]' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add advisory' }));
    const alert = await screen.findByText('notices.0.actions.0.link: Links must be http(s)');
    expect(
      within(alert.closest('[role="alert"]') as HTMLElement).getByText(
        "This search advisory isn't valid.",
      ),
    ).toBeInTheDocument();
    expect(posts).toBe(1);
  });
});
