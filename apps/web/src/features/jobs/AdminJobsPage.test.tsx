// The jobs admin page: failed jobs listed with queue, tries and error; retry and a confirmed
// delete call the API and say so; the server's refusal (already gone) is shown.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { DeadJob } from '@corkboard/shared/jobs/api';
import { fail, ok, stubApi } from '../../test/api.ts';
import { makeAuthUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

const operator = makeAuthUser({ id: '1', username: 'ines', is_admin: true });

const mailJob: DeadJob = {
  id: '11111111-1111-4111-8111-111111111111',
  queue: 'image-intake',
  data: { job_id: '7' },
  retry_count: 3,
  error: 'connect ECONNREFUSED',
  accepted_at: '2026-11-23T10:00:00.000Z',
  failed_at: '2026-11-23T10:05:00.000Z',
};
const gcJob: DeadJob = {
  ...mailJob,
  id: '22222222-2222-4222-8222-222222222222',
  queue: 'media-gc',
  retry_count: 0,
  error: null,
};

describe('jobs admin page', () => {
  test('lists failed jobs; retry and a confirmed delete call the API; a refusal is shown', async () => {
    const api = stubApi((url, init) => {
      if (url.pathname === '/v3/users/me/') return ok(operator);
      if (url.pathname === '/v3/admin/jobs/') return ok([mailJob, gcJob]);
      if (url.pathname === `/v3/admin/jobs/${mailJob.id}/retry/` && init?.method === 'POST')
        return ok({ id: mailJob.id });
      if (url.pathname === `/v3/admin/jobs/${gcJob.id}/` && init?.method === 'DELETE')
        return fail('JOB_NOT_FOUND');
      return undefined;
    });
    renderApp('/admin/jobs/');
    expect(
      await screen.findByRole('heading', { name: 'Failed background jobs', level: 1 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('connect ECONNREFUSED')).toBeInTheDocument();
    expect(screen.getByText(/after 4 tries/)).toBeInTheDocument();
    expect(screen.getByText(/after 1 try/)).toBeInTheDocument();
    expect(screen.getByText('No error message was recorded.')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByRole('link', { name: 'Background jobs' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Retry image-intake' }));
    expect(
      await screen.findByText('The image-intake job is back on its queue.'),
    ).toBeInTheDocument();
    expect(api.requests()).toContain(`/v3/admin/jobs/${mailJob.id}/retry/`);

    fireEvent.click(screen.getByRole('button', { name: 'Delete media-gc' }));
    expect(screen.getByText('Delete this failed media-gc job for good?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Delete media-gc' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no such failed job.');
    expect(api.requests()).toContain(`/v3/admin/jobs/${gcJob.id}/`);
  });

  test('says so when nothing has failed', async () => {
    stubApi((url) => {
      if (url.pathname === '/v3/users/me/') return ok(operator);
      if (url.pathname === '/v3/admin/jobs/') return ok([]);
      return undefined;
    });
    renderApp('/admin/jobs/');
    expect(await screen.findByText('No background job has failed.')).toBeInTheDocument();
  });
});
