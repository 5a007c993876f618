// The identity-provider pages (docs/decisions/190): a business's OWNER registers its provider on
// /business/{id}/sso/ (field errors named and focused, the server's refusal under its field), other
// members get the server's refusal and no form, and the edit form (operators' and business's
// alike) sends a new secret only when one is typed, the whole domain list and on/off, with the
// focus moved into the form and back to its button.
import type { SsoProviderItem } from '@corkboard/shared/auth/social-api';
import type { BusinessAccessProfile } from '@corkboard/shared/business/api';
import { failure } from '@corkboard/shared/envelope';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fail, ok, stubApi } from '../../test/api.ts';
import { makeAuthUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { checkProviderValues, fieldOfError, parseDomainList } from './providerForm.ts';
import { ApiError } from '../../api/client.ts';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const me = makeAuthUser({ id: '5', username: 'mara', is_partner: false });
const operator = makeAuthUser({ id: '1', username: 'ines', is_admin: true });
const BUSINESS_PATH = '/v3/business/profiles/42/sso/providers/';

function profile(permissions: BusinessAccessProfile['permissions']): BusinessAccessProfile {
  return {
    id: '42',
    permissions,
    user: {
      username: 'umbrella_biz',
      businessName: 'Umbrella',
      imgUrl: null,
      merchantId: null,
      eligibleForStlTool: false,
      scheduledPinCount: 0,
    },
    viewerMeetsMfaRequirement: true,
    advertisers: [],
    can_act: true,
  };
}

function provider(overrides: Partial<SsoProviderItem> = {}): SsoProviderItem {
  return {
    id: '9',
    slug: 'globex',
    name: 'Globex',
    issuer: 'https://login.globex.test',
    client_id: 'globex-corkboard',
    redirect_uri: 'http://localhost/api/auth/sso/callback/globex',
    domains: [
      {
        id: '1',
        domain: 'globex.test',
        verified: true,
        verified_by: 'dns',
        verified_at: '2026-11-28T07:00:00.000Z',
        txt_record: { name: '_corkboard-sso.globex.test', value: 'corkboard-sso-verification=x' },
        email_sent_to: null,
      },
    ],
    enabled: true,
    business: { id: '42', name: 'Umbrella' },
    created_at: '2026-11-28T07:00:00.000Z',
    ...overrides,
  };
}

function failWith(name: 'SSO_DOMAIN_PROVEN_ELSEWHERE' | 'SSO_ISSUER_UNREACHABLE', data: object) {
  const definition = ERROR_CODES[name];
  return Response.json(
    failure({
      api_error_code: definition.code,
      message: definition.message,
      http_status: definition.httpStatus,
      data: { ...data },
    }),
    { status: definition.httpStatus },
  );
}

describe('a business registers its identity provider', () => {
  test('the OWNER registers one: issuer, client id, write-only secret, domains', async () => {
    let registered = false;
    const api = stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(me);
      if (url.pathname === '/vx/business_access/profiles/') return ok([profile(['OWNER'])]);
      if (url.pathname === BUSINESS_PATH && init?.method === 'POST') {
        registered = true;
        return ok(provider({ slug: 'umbrella', name: 'Umbrella' }));
      }
      if (url.pathname === BUSINESS_PATH) {
        return ok(registered ? [provider({ slug: 'umbrella', name: 'Umbrella' })] : []);
      }
      return undefined;
    });
    renderApp('/business/42/sso/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Single sign-on for Umbrella' }),
    ).toBeInTheDocument();
    await screen.findByText('No identity provider is registered yet.');
    const form = screen.getByRole('form', { name: 'Register a provider' });
    const secret = within(form).getByLabelText('Client secret');
    expect(secret).toHaveAttribute('type', 'password');
    fireEvent.change(within(form).getByLabelText('Organisation name'), {
      target: { value: 'Umbrella' },
    });
    fireEvent.change(within(form).getByLabelText('Short name'), { target: { value: 'umbrella' } });
    fireEvent.change(within(form).getByLabelText('Issuer URL'), {
      target: { value: 'https://login.umbrella.test' },
    });
    fireEvent.change(within(form).getByLabelText('Client ID'), { target: { value: 'umb' } });
    fireEvent.change(secret, { target: { value: 's3cret-value' } });
    fireEvent.change(within(form).getByLabelText('Email domains'), {
      target: { value: 'Umbrella.test, hive.test' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Register provider' }));
    expect(
      await screen.findByText('Umbrella is registered. Prove its domains below.'),
    ).toBeInTheDocument();
    expect(api.bodies(BUSINESS_PATH).filter(Boolean)).toEqual([
      {
        name: 'Umbrella',
        slug: 'umbrella',
        issuer: 'https://login.umbrella.test',
        client_id: 'umb',
        client_secret: 's3cret-value',
        domains: ['umbrella.test', 'hive.test'],
      },
    ]);
    // The form is emptied: the secret does not stay on the page.
    expect(within(form).getByLabelText('Client secret')).toHaveValue('');
  });

  test('missing fields are named under each field, the first one focused, and nothing is sent', async () => {
    const api = stubApi((url) => {
      if (url.pathname === '/v3/users/me/') return ok(me);
      if (url.pathname === '/vx/business_access/profiles/') return ok([profile(['OWNER'])]);
      if (url.pathname === BUSINESS_PATH) return ok([]);
      return undefined;
    });
    renderApp('/business/42/sso/');
    const form = await screen.findByRole('form', { name: 'Register a provider' });
    fireEvent.change(within(form).getByLabelText('Issuer URL'), { target: { value: 'login' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Register provider' }));
    const name = within(form).getByLabelText('Organisation name');
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Enter the Organisation name.');
    expect(within(form).getByLabelText('Issuer URL')).toHaveAccessibleDescription(
      'Enter the issuer as an https:// address.',
    );
    expect(within(form).getByLabelText('Client secret')).toHaveAccessibleDescription(
      /Enter the Client secret\./,
    );
    expect(api.bodies(BUSINESS_PATH).filter(Boolean)).toEqual([]);
  });

  test('a domain another organisation proved is shown under the domains field, naming the domain', async () => {
    stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(me);
      if (url.pathname === '/vx/business_access/profiles/') return ok([profile(['ADMIN'])]);
      if (url.pathname === BUSINESS_PATH && init?.method === 'POST')
        return failWith('SSO_DOMAIN_PROVEN_ELSEWHERE', { domain: 'globex.test' });
      if (url.pathname === BUSINESS_PATH) return ok([]);
      return undefined;
    });
    renderApp('/business/42/sso/');
    const form = await screen.findByRole('form', { name: 'Register a provider' });
    for (const [label, value] of [
      ['Organisation name', 'Umbrella'],
      ['Short name', 'umbrella'],
      ['Issuer URL', 'https://login.umbrella.test'],
      ['Client ID', 'umb'],
      ['Client secret', 'x'],
      ['Email domains', 'globex.test'],
    ] as const) {
      fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    }
    fireEvent.click(within(form).getByRole('button', { name: 'Register provider' }));
    const domains = within(form).getByLabelText('Email domains');
    await waitFor(() =>
      expect(domains).toHaveAccessibleDescription(
        new RegExp(
          `^${escapeRegExp(`globex.test: ${ERROR_CODES.SSO_DOMAIN_PROVEN_ELSEWHERE.message}`)}`,
        ),
      ),
    );
    expect(domains).toHaveFocus();
  });

  test('a member without OWNER or ADMIN gets the server refusal and no form', async () => {
    stubApi((url) => {
      if (url.pathname === '/v3/users/me/') return ok(me);
      if (url.pathname === '/vx/business_access/profiles/') return ok([profile(['ANALYST'])]);
      if (url.pathname === BUSINESS_PATH) return fail('BUSINESS_PERMISSION_DENIED');
      return undefined;
    });
    renderApp('/business/42/sso/');
    expect(
      await screen.findByText(ERROR_CODES.BUSINESS_PERMISSION_DENIED.message),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Register a provider' })).toBeNull();
  });
});

describe('editing a provider', () => {
  test('operators: a new secret only when typed, the domain list, off; focus in and back out', async () => {
    let current = provider();
    const api = stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(operator);
      if (url.pathname === '/v3/admin/sso/providers/') return ok([current]);
      if (url.pathname === '/v3/admin/sso/providers/9/' && init?.method === 'PUT') {
        current = provider({ client_id: 'globex-2', enabled: false });
        return ok(current);
      }
      return undefined;
    });
    renderApp('/admin/sso/');
    const edit = await screen.findByRole('button', { name: 'Edit Globex' });
    expect(screen.getByText('Umbrella')).toBeInTheDocument();
    fireEvent.click(edit);
    const form = screen.getByRole('form', { name: 'Edit Globex' });
    const name = within(form).getByLabelText('Organisation name');
    await waitFor(() => expect(name).toHaveFocus());
    const secret = within(form).getByLabelText('New client secret');
    expect(secret).toHaveValue('');
    expect(secret).toHaveAttribute('type', 'password');
    expect(within(form).getByLabelText('Email domains')).toHaveValue('globex.test');
    fireEvent.change(within(form).getByLabelText('Client ID'), { target: { value: 'globex-2' } });
    fireEvent.change(within(form).getByLabelText('Email domains'), {
      target: { value: 'globex.test, initech.test' },
    });
    const enabled = within(form).getByRole('checkbox', {
      name: 'Sign people in with this provider',
    });
    expect(enabled).toBeChecked();
    fireEvent.click(enabled);
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Globex is saved.')).toBeInTheDocument();
    expect(api.bodies('/v3/admin/sso/providers/9/')).toEqual([
      {
        name: 'Globex',
        issuer: 'https://login.globex.test',
        client_id: 'globex-2',
        domains: ['globex.test', 'initech.test'],
        enabled: false,
      },
    ]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Globex' })).toHaveFocus());
    expect(await screen.findByText('Off — signs nobody in')).toBeInTheDocument();
  });

  test('business: a typed secret is sent; the issuer refusal is named on its field', async () => {
    let puts = 0;
    const api = stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(me);
      if (url.pathname === '/vx/business_access/profiles/') return ok([profile(['OWNER'])]);
      if (url.pathname === `${BUSINESS_PATH}9/` && init?.method === 'PUT') {
        puts += 1;
        return puts === 1
          ? failWith('SSO_ISSUER_UNREACHABLE', { issuer: 'https://nowhere.test' })
          : ok(provider());
      }
      if (url.pathname === BUSINESS_PATH) return ok([provider()]);
      return undefined;
    });
    renderApp('/business/42/sso/');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Globex' }));
    const form = screen.getByRole('form', { name: 'Edit Globex' });
    fireEvent.change(within(form).getByLabelText('Issuer URL'), {
      target: { value: 'https://nowhere.test' },
    });
    fireEvent.change(within(form).getByLabelText('New client secret'), {
      target: { value: 'rotated-secret' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    const issuer = within(form).getByLabelText('Issuer URL');
    await waitFor(() =>
      expect(issuer).toHaveAccessibleDescription(
        `Issuer URL: ${ERROR_CODES.SSO_ISSUER_UNREACHABLE.message}`,
      ),
    );
    expect(issuer).toHaveFocus();
    fireEvent.change(issuer, { target: { value: 'https://login.globex.test' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Globex is saved.')).toBeInTheDocument();
    expect(api.bodies(`${BUSINESS_PATH}9/`)).toEqual([
      {
        name: 'Globex',
        issuer: 'https://nowhere.test',
        client_id: 'globex-corkboard',
        domains: ['globex.test'],
        enabled: true,
        client_secret: 'rotated-secret',
      },
      {
        name: 'Globex',
        issuer: 'https://login.globex.test',
        client_id: 'globex-corkboard',
        domains: ['globex.test'],
        enabled: true,
        client_secret: 'rotated-secret',
      },
    ]);
  });

  test('Cancel closes the form without a request and gives the focus back', async () => {
    const api = stubApi((url) => {
      if (url.pathname === '/v3/users/me/') return ok(operator);
      if (url.pathname === '/v3/admin/sso/providers/') return ok([provider()]);
      return undefined;
    });
    renderApp('/admin/sso/');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Globex' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Globex' })).toHaveFocus());
    expect(api.bodies('/v3/admin/sso/providers/9/')).toEqual([]);
  });
});

describe('provider form rules', () => {
  test('domains are read from commas, spaces and lines, lower-cased', () => {
    expect(parseDomainList(' A.test,b.test\nC.TEST  ')).toEqual(['a.test', 'b.test', 'c.test']);
  });

  test('the secret is required to register, not to edit', () => {
    const values = {
      name: 'X',
      slug: 'x',
      issuer: 'https://x.test',
      client_id: 'c',
      client_secret: '',
      domains: '',
    };
    expect(checkProviderValues(values, 'create')).toEqual({ client_secret: 'required' });
    expect(checkProviderValues(values, 'edit')).toEqual({});
    expect(checkProviderValues({ ...values, slug: 'Not OK' }, 'create')).toMatchObject({
      slug: 'slug',
    });
  });

  test('server refusals map to the field they are about', () => {
    const error = (code: number, data?: Record<string, unknown>) =>
      new ApiError({ code, httpStatus: 400, message: 'no', data });
    expect(fieldOfError(error(ERROR_CODES.SSO_PROVIDER_SLUG_TAKEN.code))).toBe('slug');
    expect(fieldOfError(error(ERROR_CODES.SSO_DOMAIN_TAKEN.code))).toBe('domains');
    expect(
      fieldOfError(
        error(ERROR_CODES.VALIDATION_FAILED.code, { fields: [{ path: 'client_id.0' }] }),
      ),
    ).toBe('client_id');
    expect(fieldOfError(error(ERROR_CODES.SSO_PROVIDERS_FULL.code))).toBeNull();
  });
});
