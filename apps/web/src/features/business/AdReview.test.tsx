// The operators' ad review page: the queue with each ad's business and link, approve, reject
// with a reason, the server's refusal shown as it comes, and its entry in the admin navigation.
import type { AdReviewItem } from '@corkboard/shared/business/campaigns';
import { ERROR_CODES } from '@corkboard/shared/error-codes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { fail, ok, stubApi } from '../../test/api.ts';
import { makeAuthUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

const operator = makeAuthUser({ id: '1', username: 'ines', is_admin: true });
const ad = (id: string, name: string): AdReviewItem => ({
  id,
  name,
  destination_url: `https://shop.example/${id}`,
  created_at: '2026-11-23T10:00:00.000Z',
  pin: { id: `9${id}`, title: name, image_url: '/media/x.jpg' },
  business_name: 'Promo Co',
  advertiser_id: '7',
});

describe('ad review page', () => {
  test('approves one ad, rejects another with a reason, shows a refusal', async () => {
    const api = stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(operator);
      if (url.pathname === '/v3/admin/ads/review/')
        return ok([ad('1', 'Lemon tart'), ad('2', 'Fig jam')]);
      if (url.pathname === '/v3/admin/ads/1/review/' && init?.method === 'POST')
        return ok({ id: '1', review_status: 'APPROVED' });
      if (url.pathname === '/v3/admin/ads/2/review/' && init?.method === 'POST')
        return fail('AD_REVIEW_ALREADY_DECIDED');
      return undefined;
    });
    renderApp('/admin/ad-review/');
    // The first import of the page's lazy chunk is transformed on demand: allow it time.
    expect(
      await screen.findByRole('heading', { name: 'Ad review', level: 1 }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Admin sections' })).getByRole('link', {
        name: 'Ad review',
      }),
    ).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('Links to https://shop.example/1')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Approve the ad Lemon tart' }));
    expect(await screen.findByText('Lemon tart approved.')).toBeInTheDocument();
    expect(api.bodies('/v3/admin/ads/1/review/')).toEqual([{ status: 'APPROVED', reasons: [] }]);

    fireEvent.change(screen.getByLabelText('Reason for rejecting Fig jam'), {
      target: { value: 'LOW_QUALITY' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reject the ad Fig jam' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      ERROR_CODES.AD_REVIEW_ALREADY_DECIDED.message,
    );
    await waitFor(() =>
      expect(api.bodies('/v3/admin/ads/2/review/')).toEqual([
        { status: 'REJECTED', reasons: ['LOW_QUALITY'] },
      ]),
    );
  });
});
