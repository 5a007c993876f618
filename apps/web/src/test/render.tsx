import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../app/App.tsx';
import { AppRoutes } from '../app/AppRoutes.tsx';
import { createQueryClient } from '../app/queryClient.ts';
import { createI18n } from '../i18n/i18n.ts';

export function createTestQueryClient() {
  // No retries: an error answer shows its state at once instead of after back-off delays.
  return createQueryClient({ queries: { retry: false } });
}

/** The whole app (layout, routes, providers) at `path`, as a first visit. */
export function renderApp(path: string) {
  const queryClient = createTestQueryClient();
  const result = render(
    <AppProviders queryClient={queryClient} i18n={createI18n('en')}>
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, queryClient };
}
