// The billing pages and forms (docs/decisions/171–173): the profile form checks its fields
// before sending and sends the shared shape; the card form refuses a number failing Luhn without
// sending it, shows the provider's decline, and shows the saved card; read-only for those who
// may only read billing; an analyst gets the server's refusal and no form; invoices link their
// PDF and a failed one can be paid; quick promote's billing step comes after the form when the ad
// account has no billing (business.md §4.1).
import type { AdvertiserContext, BusinessAccessProfile } from '@corkboard/shared/business/api';
import type { BillingOverview, Invoice } from '@corkboard/shared/business/billing';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { fail, ok, stubApi } from '../../test/api.ts';
import { makeAuthUser, makePin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

vi.mock('../business/MetricsChart.tsx', () => ({
  MetricsChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const me = makeAuthUser({ id: '1', username: 'mara' });
const BILLING = '/v3/ads/advertisers/7/billing';

function context(manage: boolean): AdvertiserContext {
  return {
    id: '7',
    name: "Mara's Kitchen",
    country: 'US',
    currency: 'USD',
    profile: { id: '70', username: 'maras_kitchen', business_name: "Mara's Kitchen" },
    permissions: manage ? ['FINANCE_MANAGER'] : ['ADMIN'],
    capabilities: manage
      ? ['view_reporting', 'view_billing', 'manage_billing']
      : ['view_reporting', 'manage_campaigns', 'view_billing'],
  };
}

const PROFILE = {
  legal_name: "Mara's Kitchen LLC",
  billing_email: 'ap@maras.test',
  address_line1: '1 Market St',
  address_line2: null,
  city: 'Springfield',
  region: null,
  postal_code: '62701',
  country: 'US',
  tax_id: null,
  currency: 'USD',
  updated_at: '2026-11-01T00:00:00.000Z',
};

function overview(overrides: Partial<BillingOverview> = {}): BillingOverview {
  return {
    advertiser_id: '7',
    currency: 'USD',
    profile: null,
    payment_method: null,
    has_billing: false,
    processor: 'test',
    card_entry: null,
    unbilled_spend_in_micro_currency: 1_500_000,
    ...overrides,
  };
}

const CARD = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 };

describe('billing page', () => {
  test('a finance manager saves the profile, then a card; bad fields are caught first', async () => {
    let state = overview();
    const api = stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(me);
      if (url.pathname === '/v3/ads/advertisers/7/') return ok(context(true));
      if (url.pathname === `${BILLING}/`) return ok(state);
      if (url.pathname === `${BILLING}/profile/` && init?.method === 'PUT') {
        state = { ...state, profile: PROFILE };
        return ok(state);
      }
      if (url.pathname === `${BILLING}/payment_method/` && init?.method === 'PUT') {
        state = { ...state, payment_method: CARD, has_billing: true };
        return ok(state);
      }
      return undefined;
    });
    renderApp('/advertiser/7/billing/');
    const legal = await screen.findByLabelText('Legal name', {}, { timeout: 5000 });
    expect(screen.getByText('Spend this month so far: $1.50')).toBeInTheDocument();
    expect(screen.getByText(/Test payment processor/)).toBeInTheDocument();
    // The card waits for the profile.
    expect(screen.getByRole('button', { name: 'Add card' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Save billing profile' }));
    expect(await screen.findAllByText('Fill in this field.', {}, { timeout: 5000 })).toHaveLength(
      5,
    );
    expect(legal).toHaveAttribute('aria-invalid', 'true');
    expect(api.bodies(`${BILLING}/profile/`)).toHaveLength(0);

    fireEvent.change(legal, { target: { value: "Mara's Kitchen LLC" } });
    fireEvent.change(screen.getByLabelText('Billing e-mail'), { target: { value: 'ap@maras' } });
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: '1 Market St' } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Springfield' } });
    fireEvent.change(screen.getByLabelText('Postal code'), { target: { value: '62701' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save billing profile' }));
    expect(await screen.findByText('Check this field.', {}, { timeout: 5000 })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Billing e-mail'), {
      target: { value: 'ap@maras.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save billing profile' }));
    expect(
      await screen.findByText('Billing profile saved.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(api.bodies(`${BILLING}/profile/`)).toEqual([
      {
        legal_name: "Mara's Kitchen LLC",
        billing_email: 'ap@maras.test',
        address_line1: '1 Market St',
        address_line2: '',
        city: 'Springfield',
        region: '',
        postal_code: '62701',
        country: 'US',
        tax_id: '',
      },
    ]);

    const add = await screen.findByRole('button', { name: 'Add card' });
    await waitFor(() => expect(add).toBeEnabled(), { timeout: 5000 });
    fireEvent.change(screen.getByLabelText('Card number'), {
      target: { value: '4242 4242 4242 4241' },
    });
    fireEvent.change(screen.getByLabelText('Expiry month (MM)'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Expiry year (YYYY)'), { target: { value: '2030' } });
    fireEvent.change(screen.getByLabelText('Security code (CVC)'), { target: { value: '123' } });
    fireEvent.click(add);
    expect(await screen.findByText('Check this field.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(api.bodies(`${BILLING}/payment_method/`)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Card number'), {
      target: { value: '4242 4242 4242 4242' },
    });
    fireEvent.click(add);
    expect(
      await screen.findByText('visa ending in 4242, expires 12/2030', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(api.bodies(`${BILLING}/payment_method/`)).toEqual([
      { card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } },
    ]);
    // The form forgets the number once the card is saved.
    expect(screen.getByLabelText('Card number')).toHaveValue('');
  });

  test("shows the provider's decline in an alert", async () => {
    stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(me);
      if (url.pathname === '/v3/ads/advertisers/7/') return ok(context(true));
      if (url.pathname === `${BILLING}/`) return ok(overview({ profile: PROFILE }));
      if (url.pathname === `${BILLING}/payment_method/` && init?.method === 'PUT')
        return fail('BILLING_CARD_DECLINED', 'Your card has insufficient funds.');
      return undefined;
    });
    renderApp('/advertiser/7/billing/');
    fireEvent.change(await screen.findByLabelText('Card number', {}, { timeout: 5000 }), {
      target: { value: '4000000000009995' },
    });
    fireEvent.change(screen.getByLabelText('Expiry month (MM)'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Expiry year (YYYY)'), { target: { value: '2031' } });
    fireEvent.change(screen.getByLabelText('Security code (CVC)'), { target: { value: '999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add card' }));
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'Your card has insufficient funds.',
    );
    expect(ERROR_CODES.BILLING_CARD_DECLINED.httpStatus).toBe(402);
  });

  test('with Stripe, the card goes to Stripe and only its payment method id to our API', async () => {
    const STRIPE = 'http://127.0.0.1:4999';
    const processorCalls: { auth: string; body: string; credentials: unknown }[] = [];
    let saved: typeof CARD | null = null;
    const api = stubApi((url, init) => {
      if (url.origin === STRIPE && url.pathname === '/v1/payment_methods') {
        processorCalls.push({
          auth: new Headers(init?.headers).get('authorization') ?? '',
          body: typeof init?.body === 'string' ? init.body : '',
          credentials: init?.credentials,
        });
        const number = new URLSearchParams(typeof init?.body === 'string' ? init.body : '').get(
          'card[number]',
        );
        return number === '4000000000000002'
          ? Response.json(
              {
                error: {
                  type: 'card_error',
                  code: 'invalid_cvc',
                  param: 'cvc',
                  message: "Your card's security code is invalid.",
                },
              },
              { status: 402 },
            )
          : Response.json({ id: 'pm_1Nstripe', object: 'payment_method' });
      }
      if (url.pathname === '/v3/users/me/') return ok(me);
      if (url.pathname === '/v3/ads/advertisers/7/') return ok(context(true));
      if (url.pathname === `${BILLING}/`) {
        return ok(
          overview({
            profile: PROFILE,
            processor: 'stripe',
            card_entry: { api_url: STRIPE, publishable_key: 'pk_test_console' },
            payment_method: saved,
          }),
        );
      }
      if (url.pathname === `${BILLING}/payment_method/` && init?.method === 'PUT') {
        saved = CARD;
        return ok(overview({ profile: PROFILE, processor: 'stripe', payment_method: CARD }));
      }
      return undefined;
    });
    renderApp('/advertiser/7/billing/');
    const typeCard = (number: string) => {
      fireEvent.change(screen.getByLabelText('Card number'), { target: { value: number } });
      fireEvent.change(screen.getByLabelText('Expiry month (MM)'), { target: { value: '12' } });
      fireEvent.change(screen.getByLabelText('Expiry year (YYYY)'), { target: { value: '2030' } });
      fireEvent.change(screen.getByLabelText('Security code (CVC)'), { target: { value: '123' } });
      fireEvent.click(screen.getByRole('button', { name: 'Add card' }));
    };
    await screen.findByLabelText('Card number', {}, { timeout: 5000 });
    // Stripe names the field it refuses: marked there, and nothing reaches our API.
    typeCard('4000000000000002');
    await waitFor(() =>
      expect(screen.getByLabelText('Security code (CVC)')).toHaveAccessibleDescription(
        'Check this field.',
      ),
    );
    expect(api.bodies(`${BILLING}/payment_method/`)).toHaveLength(0);
    typeCard('4242424242424242');
    expect(
      await screen.findByText('visa ending in 4242, expires 12/2030', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(api.bodies(`${BILLING}/payment_method/`)).toEqual([
      { payment_method_id: 'pm_1Nstripe' },
    ]);
    expect(processorCalls).toHaveLength(2);
    expect(processorCalls[1]?.auth).toBe('Bearer pk_test_console');
    expect(processorCalls[1]?.credentials).toBe('omit');
    expect(new URLSearchParams(processorCalls[1]?.body).get('card[number]')).toBe(
      '4242424242424242',
    );
  });

  test('documents: an invoice under the minimum says where it was carried, the next what it took in', async () => {
    const base = {
      currency: 'USD',
      failure_message: null,
      paid_at: null,
      issued_at: '2026-11-01T00:15:00.000Z',
    };
    const invoices: Invoice[] = [
      {
        ...base,
        id: '41',
        number: 'CB-7-000002',
        month: '2026-10',
        amount_in_micro_currency: 1_300_000,
        amount_due_minor: 130,
        status: 'PAID',
        carried_in_micro_currency: 300_000,
        carried_into_number: null,
      },
      {
        ...base,
        id: '40',
        number: 'CB-7-000001',
        month: '2026-09',
        amount_in_micro_currency: 300_000,
        amount_due_minor: 30,
        status: 'ISSUED',
        carried_in_micro_currency: 0,
        carried_into_number: 'CB-7-000002',
      },
    ];
    stubApi((url) => {
      if (url.pathname === '/v3/users/me/') return ok(me);
      if (url.pathname === '/v3/ads/advertisers/7/') return ok(context(true));
      if (url.pathname === `${BILLING}/documents/`) return ok(invoices);
      return undefined;
    });
    renderApp('/advertiser/7/billing/documents/');
    const table = await screen.findByRole('table', { name: 'Documents' }, { timeout: 5000 });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Paid Includes $0.30 carried over from earlier invoices.');
    expect(rows[2]).toHaveTextContent('Under the minimum charge: carried over to CB-7-000002');
    expect(
      within(table).queryByRole('button', { name: 'Pay now for invoice CB-7-000001' }),
    ).toBeNull();
  });

  test('someone who may only read billing sees it with the forms disabled', async () => {
    stubApi((url) => {
      if (url.pathname === '/v3/users/me/') return ok(me);
      if (url.pathname === '/v3/ads/advertisers/7/') return ok(context(false));
      if (url.pathname === `${BILLING}/`)
        return ok(overview({ profile: PROFILE, payment_method: CARD, has_billing: true }));
      return undefined;
    });
    renderApp('/advertiser/7/billing/');
    expect(
      await screen.findByText(
        'You can see billing, but only the owner or a finance manager can change it.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText('Legal name')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Replace card' })).toBeDisabled();
  });

  test("an analyst who types the address gets the server's refusal and no form", async () => {
    stubApi((url) => {
      if (url.pathname === '/v3/users/me/') return ok(me);
      if (url.pathname === '/v3/ads/advertisers/7/')
        return ok({
          ...context(false),
          permissions: ['ANALYST'],
          capabilities: ['view_reporting'],
        });
      if (url.pathname === `${BILLING}/`) return fail('BUSINESS_PERMISSION_DENIED');
      return undefined;
    });
    renderApp('/advertiser/7/billing/');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      ERROR_CODES.BUSINESS_PERMISSION_DENIED.message,
    );
    expect(screen.queryByText(/You can see billing/)).toBeNull();
    expect(screen.queryByLabelText('Legal name')).toBeNull();
    expect(screen.queryByRole('button', { name: /card/ })).toBeNull();
    // The console offers no way there: Billing is not in its navigation.
    const nav = screen.getByRole('navigation', { name: 'Ads Manager' });
    expect(within(nav).queryByRole('link', { name: 'Billing' })).toBeNull();
  });

  test('documents: each invoice links its PDF; a failed one can be paid', async () => {
    const invoices: Invoice[] = [
      {
        id: '31',
        number: 'CB-7-000002',
        month: '2026-10',
        currency: 'USD',
        amount_in_micro_currency: 19_355_677,
        amount_due_minor: 1936,
        status: 'PAYMENT_FAILED',
        failure_message: 'Your card was declined.',
        issued_at: '2026-11-01T00:15:00.000Z',
        paid_at: null,
        carried_in_micro_currency: 0,
        carried_into_number: null,
      },
      {
        id: '30',
        number: 'CB-7-000001',
        month: '2026-09',
        currency: 'USD',
        amount_in_micro_currency: 2_500_000,
        amount_due_minor: 250,
        status: 'PAID',
        failure_message: null,
        issued_at: '2026-10-01T00:15:00.000Z',
        paid_at: '2026-10-01T00:15:01.000Z',
        carried_in_micro_currency: 0,
        carried_into_number: null,
      },
    ];
    const api = stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(me);
      if (url.pathname === '/v3/ads/advertisers/7/') return ok(context(true));
      if (url.pathname === `${BILLING}/documents/`) return ok(invoices);
      if (url.pathname === `${BILLING}/documents/31/pay/` && init?.method === 'POST')
        return ok({ ...invoices[0], status: 'PAID' });
      return undefined;
    });
    renderApp('/advertiser/7/billing/documents/');
    const table = await screen.findByRole('table', { name: 'Documents' }, { timeout: 5000 });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('CB-7-000002');
    expect(rows[1]).toHaveTextContent('$19.36');
    expect(rows[1]).toHaveTextContent('Payment failed (Your card was declined.)');
    expect(
      within(table).getByRole('link', { name: 'Download PDF of invoice CB-7-000001' }),
    ).toHaveAttribute('href', `${BILLING}/documents/30/pdf/`);
    expect(
      within(table).queryByRole('button', { name: 'Pay now for invoice CB-7-000001' }),
    ).toBeNull();
    fireEvent.click(within(table).getByRole('button', { name: 'Pay now for invoice CB-7-000002' }));
    await waitFor(() => expect(api.bodies(`${BILLING}/documents/31/pay/`).length).toBe(1));
  });
});

describe("quick promote's billing step", () => {
  test('an ad account without billing goes to the billing form, then promotes', async () => {
    let state = overview({ currency: 'GBP' });
    const profile: BusinessAccessProfile = {
      id: '42',
      permissions: ['OWNER'],
      user: {
        username: 'promo_biz',
        businessName: 'Promo Co',
        imgUrl: null,
        merchantId: null,
        eligibleForStlTool: false,
        scheduledPinCount: 0,
      },
      viewerMeetsMfaRequirement: false,
      advertisers: [{ id: '7', name: 'Promo Co', country: 'GB', currency: 'GBP' }],
      can_act: true,
    };
    const pin = { ...makePin('900'), title: 'Lemon tart', link: 'https://maras.test/tart' };
    const api = stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(me);
      if (url.pathname === '/vx/business_access/profiles/') return ok([profile]);
      if (url.pathname === '/v3/pins/900/') return ok(pin);
      if (url.pathname === `${BILLING}/status/`) return ok({ has_billing: state.has_billing });
      if (url.pathname === `${BILLING}/`) return ok(state);
      if (url.pathname === `${BILLING}/profile/` && init?.method === 'PUT') {
        state = { ...state, profile: { ...PROFILE, country: 'GB', currency: 'GBP' } };
        return ok(state);
      }
      if (url.pathname === `${BILLING}/payment_method/` && init?.method === 'PUT') {
        state = { ...state, payment_method: CARD, has_billing: true };
        return ok(state);
      }
      if (
        url.pathname === '/ads/v4/advertisers/7/pins/900/quick_promote/' &&
        init?.method === 'POST'
      )
        return ok({
          campaign_id: '11',
          ad_group_id: '12',
          ad_id: '13',
          review_status: 'PENDING',
          rejection_reasons: [],
        });
      return undefined;
    });
    renderApp('/advertiser/quick_promote?pinId=900');
    fireEvent.click(await screen.findByRole('button', { name: 'Promote' }, { timeout: 5000 }));
    expect(await screen.findByRole('heading', { name: 'Add billing details' })).toHaveFocus();
    expect(api.bodies('/ads/v4/advertisers/7/pins/900/quick_promote/').length).toBe(0);
    // The profile starts with the ad account's country.
    expect(await screen.findByLabelText('Country code')).toHaveValue('GB');
    fireEvent.change(screen.getByLabelText('Legal name'), { target: { value: 'Promo Co Ltd' } });
    fireEvent.change(screen.getByLabelText('Billing e-mail'), {
      target: { value: 'ap@promo.test' },
    });
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: '2 High St' } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'London' } });
    fireEvent.change(screen.getByLabelText('Postal code'), { target: { value: 'N1 1AA' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save billing profile' }));
    const next = await screen.findByRole('button', { name: 'Save and promote' });
    await waitFor(() => expect(next).toBeEnabled(), { timeout: 5000 });
    fireEvent.change(screen.getByLabelText('Card number'), {
      target: { value: '4242424242424242' },
    });
    fireEvent.change(screen.getByLabelText('Expiry month (MM)'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Expiry year (YYYY)'), { target: { value: '2030' } });
    fireEvent.change(screen.getByLabelText('Security code (CVC)'), { target: { value: '123' } });
    fireEvent.click(next);
    expect(
      await screen.findByRole('heading', { name: 'Your ad is in review' }),
    ).toBeInTheDocument();
    expect(api.bodies('/ads/v4/advertisers/7/pins/900/quick_promote/').length).toBe(1);
  });
});
