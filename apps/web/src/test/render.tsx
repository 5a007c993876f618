// Rendering for component tests: the whole app at a path, or one component inside the providers
// the saving surfaces need.
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../app/App.tsx';
import { AppRoutes } from '../app/AppRoutes.tsx';
import { createQueryClient } from '../app/queryClient.ts';
import { AuthModalProvider } from '../features/auth/AuthModalProvider.tsx';
import { SaveFlowProvider } from '../features/save/SaveFlowProvider.tsx';
import { createI18n } from '../i18n/i18n.ts';
import { ensureSavingCatalogue } from '../i18n/savingCatalogue.ts';

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

/**
 * `ui` inside the providers the saving components need (query client, i18n with the saving
 * namespace, a router at `path`, the auth and save-flow providers), as on a signed-in page.
 */
export function renderSaving(ui: ReactNode, options: { path?: string } = {}) {
  const queryClient = createTestQueryClient();
  const i18n = createI18n('en');
  ensureSavingCatalogue(i18n);
  const result = render(
    <AppProviders queryClient={queryClient} i18n={i18n}>
      <MemoryRouter initialEntries={[options.path ?? '/']} useTransitions={false}>
        <AuthModalProvider>
          <SaveFlowProvider>{ui}</SaveFlowProvider>
        </AuthModalProvider>
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, queryClient };
}
