// The campaign form's translations (docs/decisions/177): units → micro-currency, keywords split,
// the end date left out as "until stopped", ads with and without ids, and drafts read leniently.
import { describe, expect, test } from 'vitest';
import type { EditableCampaign } from '@corkboard/shared/business/ads-editor';
import {
  defaultFormValues,
  fromDraftPayload,
  fromEditable,
  splitKeywords,
  toCreateBody,
  toDraftPayload,
  toUpdateBody,
  type CampaignFormValues,
} from './formValues.ts';

const NOW = new Date('2026-11-28T10:00:00Z');
const pin = { id: '5', title: 'Lemon tart', link: 'https://maras.test/tart', image_url: null };

function filled(): CampaignFormValues {
  const values = defaultFormValues('US', NOW);
  return {
    ...values,
    name: 'Spring',
    adGroup: { ...values.adGroup, budget: '12.5', bid: '', keywords: 'tart, pie , tart,,' },
    ads: [{ pin, name: '', destination_url: 'https://maras.test/tart', status: 'ACTIVE' }],
  };
}

describe('campaign form values', () => {
  test('defaults: the account country, a 30-day run from today, consideration', () => {
    const values = defaultFormValues('GB', NOW);
    expect(values.adGroup.locations).toEqual(['GB']);
    expect(values.adGroup.start_date).toBe('2026-11-28');
    expect(values.adGroup.end_date).toBe('2026-12-27');
    expect(values.objective_type).toBe('CONSIDERATION');
  });

  test('the create body: micro-currency, keywords once each, the ad group named after the campaign', () => {
    const body = toCreateBody(filled(), '9');
    expect(body.ad_group.budget_in_micro_currency).toBe(12_500_000);
    expect(body.ad_group).not.toHaveProperty('bid_in_micro_currency');
    expect(body.ad_group.name).toBe('Spring');
    expect(body.ad_group.targeting_spec.KEYWORD).toEqual(['tart', 'pie']);
    expect(body.ads).toEqual([
      { pin_id: '5', destination_url: 'https://maras.test/tart', status: 'ACTIVE' },
    ]);
    expect(body.draft_id).toBe('9');
    expect(splitKeywords(' , ')).toEqual([]);
  });

  test('a blank end date runs until stopped; text in the budget is sent as 0 for the server to refuse', () => {
    const values = filled();
    values.adGroup.end_date = '';
    values.adGroup.budget = 'lots';
    const body = toCreateBody(values);
    expect(body.ad_group.end_date).toBeNull();
    expect(body.ad_group.budget_in_micro_currency).toBe(0);
  });

  test('conversion tag and event go only with WEB_CONVERSION', () => {
    const values = filled();
    values.adGroup.conversionTagId = '3';
    values.adGroup.conversionEvent = 'CHECKOUT';
    expect(toCreateBody(values).ad_group).not.toHaveProperty('conversion_tag_id');
    values.objective_type = 'WEB_CONVERSION';
    expect(toCreateBody(values).ad_group).toMatchObject({
      conversion_tag_id: '3',
      conversion_event: 'CHECKOUT',
    });
  });

  test('an edit keeps ad ids and the status, ARCHIVED included', () => {
    const campaign: EditableCampaign = {
      id: '11',
      name: 'Spring',
      objective_type: 'AWARENESS',
      status: 'PAUSED',
      ads_client_type: 'console',
      ad_group: {
        id: '12',
        name: 'Group',
        status: 'ACTIVE',
        budget_type: 'LIFETIME',
        budget_in_micro_currency: 100_000_000,
        bid_in_micro_currency: 5_000_000,
        billable_event: 'IMPRESSION',
        pacing_delivery_type: 'ACCELERATED',
        start_date: '2026-11-20',
        end_date: '2026-12-20',
        targeting_spec: {
          LOCATION: ['US'],
          AGE_BUCKET: ['25-34'],
          GENDER: [],
          INTEREST: ['900'],
          KEYWORD: ['tart', 'pie'],
          AUDIENCE_EXCLUDE: [],
        },
        auto_targeting_enabled: false,
        conversion_tag_id: null,
        conversion_event: null,
      },
      ads: [
        {
          id: '13',
          pin_id: '5',
          name: 'Ad',
          destination_url: 'https://maras.test/',
          status: 'ACTIVE',
          review_status: 'APPROVED',
          rejection_reasons: [],
          pin,
        },
      ],
    };
    const values = fromEditable(campaign);
    expect(values.adGroup.budget).toBe('100.00');
    expect(values.adGroup.keywords).toBe('tart, pie');
    values.status = 'ARCHIVED';
    const body = toUpdateBody(values);
    expect(body.status).toBe('ARCHIVED');
    expect(body.ads[0]).toMatchObject({ id: '13', pin_id: '5', name: 'Ad' });
    expect(body.ad_group).toMatchObject({
      budget_in_micro_currency: 100_000_000,
      bid_in_micro_currency: 5_000_000,
      pacing_delivery_type: 'ACCELERATED',
      end_date: '2026-12-20',
    });
  });

  test('a draft comes back as it was typed; a malformed payload falls back to the defaults', () => {
    const values = filled();
    values.adGroup.budget = '12.';
    const back = fromDraftPayload(toDraftPayload(values), 'US', NOW);
    expect(back.adGroup.budget).toBe('12.');
    expect(back.adGroup.keywords).toBe('tart, pie , tart,,');
    expect(back.ads).toEqual(values.ads);
    expect(back.name).toBe('Spring');

    const junk = fromDraftPayload(
      { objective_type: 'NOPE', ad_group: { targeting_spec: { LOCATION: 3 } }, ads: [{}, 7] },
      'CA',
      NOW,
    );
    expect(junk.objective_type).toBe('CONSIDERATION');
    expect(junk.adGroup.locations).toEqual(['CA']);
    expect(junk.ads).toEqual([]);
  });
});
