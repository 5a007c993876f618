// The campaign form's translations (docs/decisions/177, 192): units → micro-currency, keywords
// split, the end date left out as "until stopped", ad groups and ads with and without ids, a
// blank group name numbered after the first, a copied group without ids, and drafts read
// leniently — including a draft kept when a campaign had one ad group.
import { describe, expect, test } from 'vitest';
import type { EditableCampaign } from '@corkboard/shared/business/ads-editor';
import {
  copyAdGroup,
  defaultAdGroup,
  defaultFormValues,
  fromDraftPayload,
  fromEditable,
  splitKeywords,
  toCreateBody,
  toDraftPayload,
  toUpdateBody,
  type AdGroupFormValue,
  type CampaignFormValues,
} from './formValues.ts';

const NOW = new Date('2026-11-28T10:00:00Z');
const pin = { id: '5', title: 'Lemon tart', link: 'https://maras.test/tart', image_url: null };
const plum = { id: '6', title: 'Plum tart', link: 'https://maras.test/plum', image_url: null };

function filled(): CampaignFormValues {
  const values = defaultFormValues('US', NOW);
  const first = values.adGroups[0] as AdGroupFormValue;
  return {
    ...values,
    name: 'Spring',
    adGroups: [
      {
        ...first,
        budget: '12.5',
        bid: '',
        keywords: 'tart, pie , tart,,',
        ads: [{ pin, name: '', destination_url: 'https://maras.test/tart', status: 'ACTIVE' }],
      },
    ],
  };
}

function firstGroup(values: CampaignFormValues): AdGroupFormValue {
  const group = values.adGroups[0];
  if (!group) throw new Error('no ad group');
  return group;
}

describe('campaign form values', () => {
  test('defaults: one ad group, the account country, a 30-day run from today, consideration', () => {
    const values = defaultFormValues('GB', NOW);
    expect(values.adGroups).toHaveLength(1);
    expect(firstGroup(values).locations).toEqual(['GB']);
    expect(firstGroup(values).start_date).toBe('2026-11-28');
    expect(firstGroup(values).end_date).toBe('2026-12-27');
    expect(values.objective_type).toBe('CONSIDERATION');
  });

  test('the create body: micro-currency, keywords once each, the ad group named after the campaign', () => {
    const body = toCreateBody(filled(), '9');
    const group = body.ad_groups[0];
    expect(group?.budget_in_micro_currency).toBe(12_500_000);
    expect(group).not.toHaveProperty('bid_in_micro_currency');
    expect(group?.name).toBe('Spring');
    expect(group?.targeting_spec.KEYWORD).toEqual(['tart', 'pie']);
    expect(group?.ads).toEqual([
      { pin_id: '5', destination_url: 'https://maras.test/tart', status: 'ACTIVE' },
    ]);
    expect(body.draft_id).toBe('9');
    expect(splitKeywords(' , ')).toEqual([]);
  });

  test('several ad groups: each its own budget and ads; a blank name after the first is numbered', () => {
    const values = filled();
    values.adGroups.push(
      { ...defaultAdGroup('CA', NOW), budget: '3', ads: [] },
      {
        ...defaultAdGroup('US', NOW, 'Plums'),
        status: 'PAUSED',
        ads: [{ pin: plum, name: 'P', destination_url: 'https://maras.test/p', status: 'PAUSED' }],
      },
    );
    const body = toCreateBody(values);
    expect(body.ad_groups.map((group) => [group.name, group.status])).toEqual([
      ['Spring', 'ACTIVE'],
      ['Spring 2', 'ACTIVE'],
      ['Plums', 'PAUSED'],
    ]);
    expect(body.ad_groups[1]).toMatchObject({
      budget_in_micro_currency: 3_000_000,
      targeting_spec: { LOCATION: ['CA'] },
      ads: [],
    });
    expect(body.ad_groups[2]?.ads).toEqual([
      { pin_id: '6', name: 'P', destination_url: 'https://maras.test/p', status: 'PAUSED' },
    ]);
  });

  test('a copied ad group keeps its settings and Pins, without ids or review, under a new key', () => {
    const group: AdGroupFormValue = {
      ...defaultAdGroup('US', NOW, 'Saved'),
      id: '12',
      key: 'saved-12',
      status: 'ARCHIVED',
      budget: '7.00',
      ads: [
        {
          id: '13',
          pin,
          name: 'Ad',
          destination_url: 'https://maras.test/',
          status: 'ACTIVE',
          review_status: 'APPROVED',
        },
      ],
    };
    const copy = copyAdGroup(group, 'Saved (copy)');
    expect(copy).not.toHaveProperty('id');
    expect(copy.key).not.toBe(group.key);
    expect(copy).toMatchObject({ name: 'Saved (copy)', status: 'ACTIVE', budget: '7.00' });
    expect(copy.ads).toEqual([
      { pin, name: 'Ad', destination_url: 'https://maras.test/', status: 'ACTIVE' },
    ]);
  });

  test('a blank end date runs until stopped; text in the budget is sent as 0 for the server to refuse', () => {
    const values = filled();
    firstGroup(values).end_date = '';
    firstGroup(values).budget = 'lots';
    const body = toCreateBody(values);
    expect(body.ad_groups[0]?.end_date).toBeNull();
    expect(body.ad_groups[0]?.budget_in_micro_currency).toBe(0);
  });

  test('conversion tag and event go only with WEB_CONVERSION', () => {
    const values = filled();
    firstGroup(values).conversionTagId = '3';
    firstGroup(values).conversionEvent = 'CHECKOUT';
    expect(toCreateBody(values).ad_groups[0]).not.toHaveProperty('conversion_tag_id');
    values.objective_type = 'WEB_CONVERSION';
    expect(toCreateBody(values).ad_groups[0]).toMatchObject({
      conversion_tag_id: '3',
      conversion_event: 'CHECKOUT',
    });
  });

  test('an edit keeps group and ad ids and the statuses, ARCHIVED included; new groups have none', () => {
    const campaign: EditableCampaign = {
      id: '11',
      name: 'Spring',
      objective_type: 'AWARENESS',
      status: 'PAUSED',
      ads_client_type: 'console',
      ad_groups: [
        {
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
        },
      ],
    };
    const values = fromEditable(campaign);
    expect(firstGroup(values).budget).toBe('100.00');
    expect(firstGroup(values).keywords).toBe('tart, pie');
    values.status = 'ARCHIVED';
    firstGroup(values).status = 'ARCHIVED';
    values.adGroups.push(defaultAdGroup('US', NOW, 'New'));
    const body = toUpdateBody(values);
    expect(body.status).toBe('ARCHIVED');
    expect(body.ad_groups[0]).toMatchObject({
      id: '12',
      status: 'ARCHIVED',
      budget_in_micro_currency: 100_000_000,
      bid_in_micro_currency: 5_000_000,
      pacing_delivery_type: 'ACCELERATED',
      end_date: '2026-12-20',
    });
    expect(body.ad_groups[0]?.ads[0]).toMatchObject({ id: '13', pin_id: '5', name: 'Ad' });
    expect(body.ad_groups[1]).not.toHaveProperty('id');
    expect(body.ad_groups[1]?.name).toBe('New');
  });

  test('a draft comes back as it was typed, every group; a malformed payload falls back to the defaults', () => {
    const values = filled();
    firstGroup(values).budget = '12.';
    values.adGroups.push({
      ...defaultAdGroup('US', NOW),
      keywords: 'plum,',
      ads: [{ pin: plum, name: '', destination_url: 'https://maras.test/p', status: 'ACTIVE' }],
    });
    const back = fromDraftPayload(toDraftPayload(values), 'US', NOW);
    expect(back.adGroups).toHaveLength(2);
    expect(firstGroup(back).budget).toBe('12.');
    expect(firstGroup(back).keywords).toBe('tart, pie , tart,,');
    expect(firstGroup(back).ads).toEqual(firstGroup(values).ads);
    // A blank name stays blank in the draft (it is filled in only when sent).
    expect(back.adGroups[1]?.name).toBe('');
    expect(back.adGroups[1]?.keywords).toBe('plum,');
    expect(back.adGroups[1]?.ads).toEqual(values.adGroups[1]?.ads);
    expect(back.name).toBe('Spring');

    const junk = fromDraftPayload(
      { objective_type: 'NOPE', ad_groups: [{ targeting_spec: { LOCATION: 3 }, ads: [{}, 7] }] },
      'CA',
      NOW,
    );
    expect(junk.objective_type).toBe('CONSIDERATION');
    expect(firstGroup(junk).locations).toEqual(['CA']);
    expect(firstGroup(junk).ads).toEqual([]);
    expect(fromDraftPayload({}, 'CA', NOW).adGroups).toHaveLength(1);
  });

  test('a draft kept when campaigns had one ad group reads as one group with its ads', () => {
    const old = fromDraftPayload(
      {
        name: 'Old',
        ad_group: { name: 'Only', budget_units: '9', targeting_spec: { LOCATION: ['FR'] } },
        ads: [{ pin_id: '5', destination_url: 'https://maras.test/', pin }],
      },
      'US',
      NOW,
    );
    expect(old.adGroups).toHaveLength(1);
    expect(firstGroup(old)).toMatchObject({ name: 'Only', budget: '9', locations: ['FR'] });
    expect(firstGroup(old).ads.map((ad) => ad.pin)).toEqual([pin]);
  });
});
