// /admin/performance/ (docs/decisions/121): the percentiles per metric and the profiler's end
// states, for the window the operator picks.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { ok, stubApi } from '../../test/api.ts';
import { makeAuthUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

const operator = makeAuthUser({ id: '1', username: 'ines', is_admin: true });

function summary(days: number) {
  return {
    days,
    metrics: [
      { metric: 'image_visible', count: 40, p50: 900, p75: 1200, p95: days === 30 ? 4100 : 3000 },
      { metric: 'lcp', count: 38, p50: 1100, p75: 1500, p95: 2600 },
      { metric: 'inp', count: 0, p50: null, p75: null, p95: null },
      { metric: 'cls', count: 38, p50: 0.01, p75: 0.05, p95: 0.12 },
    ],
    profiler: { complete: 40, disabled: 3 },
  };
}

describe('admin performance page', () => {
  test('shows p50/p75/p95 per metric and how the profiler ended, per window', async () => {
    const api = stubApi((url) => {
      if (url.pathname === '/v3/users/me/') return ok(operator);
      if (url.pathname === '/v3/admin/performance/') {
        return ok(summary(Number(url.searchParams.get('days'))));
      }
      return undefined;
    });
    renderApp('/admin/performance/');
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Visitor performance', level: 1 },
        { timeout: 20_000 },
      ),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Percentiles per metric' });
    const imageRow = within(table).getByRole('row', { name: /First grid images visible/ });
    expect(within(imageRow).getByText('900 ms')).toBeInTheDocument();
    expect(within(imageRow).getByText('3000 ms')).toBeInTheDocument();
    const clsRow = within(table).getByRole('row', { name: /Cumulative Layout Shift/ });
    expect(within(clsRow).getByText('0.12')).toBeInTheDocument();
    const inpRow = within(table).getByRole('row', { name: /Interaction to Next Paint/ });
    expect(within(inpRow).getAllByText('—')).toHaveLength(3);
    expect(
      screen.getByText('Disabled (gave up or could not measure)').nextSibling,
    ).toHaveTextContent('3');
    expect(api.requests()).toContain('/v3/admin/performance/?days=7');

    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '30' } });
    expect(await screen.findByText('4100 ms')).toBeInTheDocument();
    expect(api.requests()).toContain('/v3/admin/performance/?days=30');
  });
});
