// The business pages: /business/create (signed out asks to sign in; signed in creates or
// converts, shows the server's field errors), the members page (invite, the server's refusal),
// the invitation link page, and the business bar's 'Acting as' switcher kept in storage.
import type { BusinessAccessProfile } from '@corkboard/shared/business/api';
import { failure } from '@corkboard/shared/envelope';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { fail, ok, stubApi } from '../../test/api.ts';
import { makeAuthUser, makeUser, summaryOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { ACTIVE_PROFILE_STORAGE_KEY } from './activeProfile.ts';

const me = makeAuthUser({ id: '5', username: 'mara', is_partner: false });

function profile(overrides: Partial<BusinessAccessProfile> = {}): BusinessAccessProfile {
  return {
    id: '42',
    permissions: ['OWNER'],
    user: {
      username: 'maraskitchen_biz',
      businessName: "Mara's Kitchen",
      imgUrl: null,
      merchantId: null,
      eligibleForStlTool: false,
      scheduledPinCount: 0,
    },
    viewerMeetsMfaRequirement: false,
    advertisers: [{ id: '7', name: "Mara's Kitchen", country: 'US', currency: 'USD' }],
    can_act: true,
    ...overrides,
  };
}

function fieldFailure(name: 'BUSINESS_WEBSITE_INVALID', field: string): Response {
  const definition = ERROR_CODES[name];
  return Response.json(
    failure({
      api_error_code: definition.code,
      message: definition.message,
      http_status: definition.httpStatus,
      data: { field },
    }),
    { status: definition.httpStatus },
  );
}

afterEach(() => window.localStorage.clear());

describe('/business/create', () => {
  test('a visitor is asked to sign up or log in first and nothing is created', async () => {
    const api = stubApi(() => undefined);
    renderApp('/business/create');
    expect(
      await screen.findByRole('heading', { name: 'Create a free business account' }),
    ).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('button', { name: 'Sign up' })).toBeInTheDocument();
    expect(within(main).getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(api.requests()).toEqual([]);
  });

  test('creates a linked business account and opens its access page', async () => {
    let created = false;
    const api = stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(me);
      if (url.pathname === '/vx/business_access/profiles/') return ok(created ? [profile()] : []);
      if (url.pathname === '/v3/business/create/' && init?.method === 'POST') {
        created = true;
        return ok({ profile: profile(), advertiser_id: '7' });
      }
      if (url.pathname === '/v3/business/profiles/42/members/')
        return ok({ members: [], invites: [] });
      return undefined;
    });
    renderApp('/business/create');
    fireEvent.change(await screen.findByLabelText('Business name'), {
      target: { value: "Mara's Kitchen" },
    });
    fireEvent.change(screen.getByLabelText('Country or region'), { target: { value: 'GB' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByRole('heading', { name: "People with access to Mara's Kitchen" }),
    ).toBeInTheDocument();
    expect(api.bodies('/v3/business/create/')).toEqual([
      {
        business_name: "Mara's Kitchen",
        website_url: '',
        country: 'GB',
        language: 'en',
        advertising_intent: 'products',
      },
    ]);
    // The new business becomes the one acted as.
    expect(JSON.parse(window.localStorage.getItem(ACTIVE_PROFILE_STORAGE_KEY) ?? '{}')).toEqual({
      viewerId: '5',
      profileId: '42',
      visible: true,
    });
  });

  test('converting shows the server refusing the website on its field', async () => {
    const api = stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(me);
      if (url.pathname === '/vx/business_access/profiles/') return ok([]);
      if (url.pathname === '/v3/business/convert/' && init?.method === 'POST')
        return fieldFailure('BUSINESS_WEBSITE_INVALID', 'website_url');
      return undefined;
    });
    renderApp('/business/convert?next=/mara/');
    expect(
      await screen.findByRole('radio', { name: /Convert mara into a business account/ }),
    ).toBeChecked();
    fireEvent.change(screen.getByLabelText('Business name'), { target: { value: 'Mara' } });
    fireEvent.change(screen.getByLabelText('Website (optional)'), {
      target: { value: 'https://mara.example' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Convert account' }));
    expect(
      await screen.findByText(ERROR_CODES.BUSINESS_WEBSITE_INVALID.message),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Website (optional)')).toHaveAttribute('aria-invalid', 'true');
    expect(api.bodies('/v3/business/convert/')).toHaveLength(1);
  });

  test('an empty name is caught before anything is sent', async () => {
    const api = stubApi((url) => (url.pathname === '/v3/users/me/' ? ok(me) : undefined));
    renderApp('/business/create');
    fireEvent.click(await screen.findByRole('button', { name: 'Create account' }));
    expect(await screen.findByLabelText('Business name')).toHaveAttribute('aria-invalid', 'true');
    expect(api.bodies('/v3/business/create/')).toEqual([]);
  });
});

describe('members page', () => {
  const gus = summaryOf(makeUser({ id: '9', username: 'gus', full_name: 'Gus P' }));
  const members = {
    members: [
      {
        user: summaryOf(makeUser({ id: '42', username: 'maraskitchen_biz' })),
        permissions: ['OWNER'],
        is_profile: true,
      },
      { user: gus, permissions: ['ANALYST'], is_profile: false },
    ],
    invites: [],
  };

  test('lists members, invites by e-mail, and shows the server refusing a change', async () => {
    const api = stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(me);
      if (url.pathname === '/vx/business_access/profiles/') return ok([profile()]);
      if (url.pathname === '/v3/business/profiles/42/members/') return ok(members);
      if (url.pathname === '/v3/business/profiles/42/invites/' && init?.method === 'POST')
        return ok({ id: '1', email: 'ana@example.org', permissions: ['CAMPAIGN_MANAGER'] });
      if (url.pathname === '/v3/business/profiles/42/members/9/' && init?.method === 'DELETE')
        return fail('BUSINESS_PERMISSION_DENIED');
      return undefined;
    });
    renderApp('/business/42/members/');
    expect(await screen.findByText('Gus P')).toBeInTheDocument();
    expect(screen.getByLabelText('Permission for Gus P')).toHaveValue('ANALYST');

    fireEvent.change(screen.getByLabelText('Email address'), {
      target: { value: ' ana@example.org ' },
    });
    fireEvent.change(screen.getByLabelText('Permission'), {
      target: { value: 'CAMPAIGN_MANAGER' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to ana@example.org.')).toBeInTheDocument();
    expect(api.bodies('/v3/business/profiles/42/invites/')).toEqual([
      { email: 'ana@example.org', permissions: ['CAMPAIGN_MANAGER'] },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Gus P' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      ERROR_CODES.BUSINESS_PERMISSION_DENIED.message,
    );
  });

  test('someone without access sees the server message, not the page', async () => {
    stubApi((url) => {
      if (url.pathname === '/v3/users/me/') return ok(me);
      if (url.pathname === '/v3/business/profiles/42/members/')
        return fail('BUSINESS_PROFILE_NOT_FOUND');
      return undefined;
    });
    renderApp('/business/42/members/');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      ERROR_CODES.BUSINESS_PROFILE_NOT_FOUND.message,
    );
    expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();
  });
});

describe('invitation link', () => {
  test('a signed-in person accepts and lands on the access page', async () => {
    const api = stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(me);
      if (url.pathname === '/vx/business_access/profiles/') return ok([]);
      if (url.pathname === '/v3/business_invites/')
        return ok({
          business_name: 'Invite Co',
          username: 'inviteco_biz',
          permissions: ['ADMIN'],
          inviter: summaryOf(makeUser({ id: '3', username: 'ines', full_name: 'Ines L' })),
        });
      if (url.pathname === '/v3/business_invites/accept/' && init?.method === 'POST')
        return ok({ profile_id: '42', permissions: ['ADMIN'] });
      if (url.pathname === '/v3/business/profiles/42/members/')
        return ok({ members: [], invites: [] });
      return undefined;
    });
    renderApp('/invite/business/?token=abc');
    expect(
      await screen.findByRole('heading', { name: 'Ines L invited you to work on Invite Co' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Your permissions: Admin')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Accept invitation' }));
    await waitFor(() =>
      expect(api.bodies('/v3/business_invites/accept/')).toEqual([{ token: 'abc' }]),
    );
    expect(
      await screen.findByRole('heading', { name: /People with access to/ }),
    ).toBeInTheDocument();
  });
});

describe('business bar', () => {
  test('switches the profile acted as, keeps it in storage, and can be hidden', async () => {
    stubApi((url) => {
      if (url.pathname === '/v3/users/me/') return ok(me);
      if (url.pathname === '/vx/business_access/profiles/')
        return ok([
          profile(),
          profile({
            id: '43',
            permissions: ['ANALYST'],
            can_act: false,
            user: { ...profile().user, businessName: 'Other Co' },
          }),
        ]);
      return undefined;
    });
    renderApp('/business/create');
    const region = await screen.findByRole('region', { name: 'Business accounts' });
    const select = within(region).getByLabelText('Acting as');
    expect(select).toHaveValue('own');
    expect(
      within(region).getByRole('option', {
        name: 'Other Co (turn on two-factor authentication first)',
      }),
    ).toBeDisabled();
    fireEvent.change(select, { target: { value: '42' } });
    expect(select).toHaveValue('42');
    expect(within(region).getByRole('link', { name: 'Manage access' })).toHaveAttribute(
      'href',
      '/business/42/members/',
    );
    expect(JSON.parse(window.localStorage.getItem(ACTIVE_PROFILE_STORAGE_KEY) ?? '{}')).toEqual({
      viewerId: '5',
      profileId: '42',
      visible: true,
    });
    fireEvent.click(within(region).getByRole('button', { name: 'Hide business bar' }));
    expect(await screen.findByRole('button', { name: 'Business accounts' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Business accounts' })).toBeNull();
  });

  test('is not shown to someone with only their own profile', async () => {
    const api = stubApi((url) => {
      if (url.pathname === '/v3/users/me/') return ok(me);
      if (url.pathname === '/vx/business_access/profiles/') return ok([]);
      return undefined;
    });
    renderApp('/business/create');
    await screen.findByLabelText('Business name');
    await waitFor(() => expect(api.requests()).toContain('/vx/business_access/profiles/'));
    expect(screen.queryByRole('region', { name: 'Business accounts' })).toBeNull();
  });
});
