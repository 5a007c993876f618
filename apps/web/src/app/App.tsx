import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';

interface AppProvidersProps {
  queryClient: QueryClient;
  i18n: i18n;
  /** The router (BrowserRouter in the app, MemoryRouter in tests) with the routes inside. */
  children: ReactNode;
}

export function AppProviders({ queryClient, i18n, children }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nextProvider>
  );
}
