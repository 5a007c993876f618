// The quick-promote steps before and inside the page (business.md §2.3; docs/decisions/181–185):
// the GDPR step for an ad account that must accept the terms (ticking is required, the
// acceptance goes to the server, then the page), pin selection from
// /advertiser/{id}/quick-promote/ without a pin (paginated, a pin is chosen with the keyboard's
// Enter on its button), the tag modal that makes a web-conversion payload, and the audience
// exclusions of an ad group.
import type { BusinessAccessProfile } from '@corkboard/shared/business/api';
import type { CampaignAdSummary } from '@corkboard/shared/business/campaigns';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { ok, stubApi } from '../../test/api.ts';
import { makeAuthUser, makePin } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { showsExclusions } from './AudienceExclusions.tsx';
import { stepBeforePage } from './QuickPromoteSteps.tsx';

const me = makeAuthUser({ id: '5', username: 'mara' });
const pin = { ...makePin('900'), title: 'Lemon tart', link: 'https://maras.test/tart' };

function profile(country: string): BusinessAccessProfile {
  return {
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
    advertisers: [{ id: '7', name: 'Promo Co', country, currency: 'EUR' }],
    can_act: true,
  };
}

const TERMS = '/v3/ads/advertisers/7/terms/';
const PROMOTE_PATH = '/ads/v4/advertisers/7/pins/900/quick_promote/';

afterEach(() => window.localStorage.clear());

describe('stepBeforePage', () => {
  test('GDPR first, then pin selection, then the page (§2.3 order)', () => {
    expect(stepBeforePage({ hasAdvertiser: true, termsOutstanding: true, hasPin: false })).toBe(
      'gdpr',
    );
    expect(stepBeforePage({ hasAdvertiser: true, termsOutstanding: false, hasPin: false })).toBe(
      'pinSelection',
    );
    expect(stepBeforePage({ hasAdvertiser: true, termsOutstanding: false, hasPin: true })).toBe(
      'page',
    );
    // No ad account yet: the business form decides the country, the GDPR step follows it.
    expect(stepBeforePage({ hasAdvertiser: false, termsOutstanding: false, hasPin: true })).toBe(
      'page',
    );
  });
});

describe('the GDPR step', () => {
  test('asks an EU ad account to accept the terms, stores it, then shows the form', async () => {
    let accepted = false;
    const api = stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(me);
      if (url.pathname.endsWith('/billing/status/')) return ok({ has_billing: true });
      if (url.pathname === '/vx/business_access/profiles/') return ok([profile('DE')]);
      if (url.pathname === '/v3/pins/900/') return ok(pin);
      if (url.pathname === TERMS && init?.method === 'POST') {
        accepted = true;
        return ok({ required: true, accepted: true, version: '2026-11', accepted_at: 'x' });
      }
      if (url.pathname === TERMS)
        return ok({ required: true, accepted, version: '2026-11', accepted_at: null });
      return undefined;
    });
    renderApp('/advertiser/quick_promote?pinId=900');
    const heading = await screen.findByRole('heading', { name: 'Before you promote' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByLabelText('Ad name')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Accept and continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tick the box to accept the terms.');
    expect(api.bodies(TERMS).filter(Boolean)).toEqual([]);
    fireEvent.click(
      screen.getByRole('checkbox', {
        name: 'I accept the advertising terms and the data processing terms for Promo Co',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Accept and continue' }));
    expect(await screen.findByLabelText('Ad name')).toHaveValue('Lemon tart');
    expect(api.bodies(TERMS).filter(Boolean)).toEqual([{ version: '2026-11', accept: true }]);
  });

  test('a US ad account goes straight to the form', async () => {
    stubApi((url) => {
      if (url.pathname === '/v3/users/me/') return ok(me);
      if (url.pathname.endsWith('/billing/status/')) return ok({ has_billing: true });
      if (url.pathname === '/vx/business_access/profiles/') return ok([profile('US')]);
      if (url.pathname === '/v3/pins/900/') return ok(pin);
      if (url.pathname === TERMS)
        return ok({ required: false, accepted: true, version: '2026-11', accepted_at: null });
      return undefined;
    });
    renderApp('/advertiser/quick_promote?pinId=900');
    expect(await screen.findByLabelText('Ad name')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Before you promote' })).not.toBeInTheDocument();
  });
});

describe('pin selection', () => {
  test('lists promotable pins a page at a time; choosing one opens the form for it', async () => {
    const item = (id: string, title: string) => ({
      id,
      title,
      link: `https://maras.test/${id}`,
      image_url: null,
      board_name: 'Tarts',
    });
    stubApi((url) => {
      if (url.pathname === '/v3/users/me/') return ok(me);
      if (url.pathname.endsWith('/billing/status/')) return ok({ has_billing: true });
      if (url.pathname === '/vx/business_access/profiles/') return ok([profile('US')]);
      if (url.pathname === '/v3/pins/900/') return ok(pin);
      if (url.pathname === TERMS)
        return ok({ required: false, accepted: true, version: '2026-11', accepted_at: null });
      if (url.pathname === '/v3/ads/advertisers/7/promotable_pins/') {
        return url.searchParams.get('bookmark') === 'next'
          ? ok([item('900', 'Lemon tart')])
          : ok([item('901', 'Plum cake')], 'next');
      }
      return undefined;
    });
    renderApp('/advertiser/7/quick-promote/');
    const heading = await screen.findByRole('heading', { name: 'Choose a Pin to promote' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(await screen.findByRole('button', { name: /^Promote ?Plum cake/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show more Pins' }));
    const choice = await screen.findByRole('button', { name: /^Promote ?Lemon tart/ });
    expect(screen.queryByRole('button', { name: 'Show more Pins' })).not.toBeInTheDocument();
    choice.focus();
    fireEvent.click(choice);
    expect(await screen.findByLabelText('Ad name')).toHaveValue('Lemon tart');
  });
});

describe('the tag modal', () => {
  test('web conversion picks a tag and goal and sends the objective and goal metadata', async () => {
    const api = stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(me);
      if (url.pathname.endsWith('/billing/status/')) return ok({ has_billing: true });
      if (url.pathname === '/vx/business_access/profiles/') return ok([profile('US')]);
      if (url.pathname === '/v3/pins/900/') return ok(pin);
      if (url.pathname === TERMS)
        return ok({ required: false, accepted: true, version: '2026-11', accepted_at: null });
      if (url.pathname === '/v3/ads/advertisers/7/conversion_tags/')
        return ok([{ id: '31', name: 'Checkout tag', created_at: '2026-11-23T10:00:00.000Z' }]);
      if (url.pathname === PROMOTE_PATH && init?.method === 'POST')
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
    await screen.findByLabelText('Ad name');
    // Without a tag the form refuses a conversion ad.
    fireEvent.click(
      screen.getByRole('radio', { name: 'More sales on your website (conversions)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Conversion tag' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use this tag' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a tag to use.');
    fireEvent.click(await within(dialog).findByRole('radio', { name: 'Checkout tag (tag ID 31)' }));
    expect(within(dialog).getByText('Tag ID: 31')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Conversion goal'), {
      target: { value: 'LEAD' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use this tag' }));
    expect(await screen.findByText('Conversion: Lead with tag 31')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Promote' }));
    expect(
      await screen.findByRole('heading', { name: 'Your ad is in review' }),
    ).toBeInTheDocument();
    expect(api.bodies(PROMOTE_PATH)[0]).toMatchObject({
      objective_type: 'WEB_CONVERSION',
      optimization_goal_metadata: {
        conversion_tag_v3_goal_metadata: { conversion_tag_id: '31', conversion_event: 'LEAD' },
      },
    });
  });
});

describe('audience exclusions', () => {
  const ad = (id: string, group: string): CampaignAdSummary => ({
    id,
    ad_group_id: group,
    pin_id: '900',
    pin_title: 'Lemon tart',
    name: 'Lemon tart',
    destination_url: 'https://maras.test/',
    status: 'ACTIVE',
    review_status: 'APPROVED',
    rejection_reasons: [],
    budget_type: 'DAILY',
    budget_in_micro_currency: 1,
    billable_event: 'CLICKTHROUGH',
    targeting_spec: {
      LOCATION: ['US'],
      AGE_BUCKET: [],
      GENDER: [],
      INTEREST: [],
      KEYWORD: [],
      AUDIENCE_EXCLUDE: [],
    },
    start_time: '2026-11-23T10:00:00.000Z',
    end_time: null,
  });
  test('shown once per ad group, only to those who may change campaigns and audiences', () => {
    const ads = [ad('1', 'g1'), ad('2', 'g1'), ad('3', 'g2')];
    const manager = { capabilities: ['manage_campaigns', 'manage_audiences'] as const };
    const shown = ads.filter((entry) =>
      showsExclusions({ capabilities: [...manager.capabilities] }, ads, entry),
    );
    expect(shown.map((entry) => entry.id)).toEqual(['1', '3']);
    expect(showsExclusions({ capabilities: ['view_reporting'] }, ads, ads[0]!)).toBe(false);
    expect(showsExclusions({ capabilities: ['manage_audiences'] }, ads, ads[0]!)).toBe(false);
  });
});
