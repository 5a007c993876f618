import type { BusinessCreated } from '@corkboard/shared/business/api';
import { describe, expect, test } from 'vitest';
import { afterCreatePath } from './paths.ts';

const created = { profile: { id: '42' }, advertiser_id: '7' } as BusinessCreated;

describe('afterCreatePath', () => {
  test('follows a next that is one of our paths, never another site', () => {
    expect(afterCreatePath('?next=%2Fpin%2F5%2F', created)).toBe('/pin/5/');
    expect(afterCreatePath('?next=https%3A%2F%2Fevil.example%2F', created)).toBe(
      '/business/42/members/',
    );
    expect(afterCreatePath('?next=%2F%2Fevil.example', created)).toBe('/business/42/members/');
    expect(afterCreatePath('', created)).toBe('/business/42/members/');
  });
});
