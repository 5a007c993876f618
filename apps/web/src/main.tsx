import './ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/App.tsx';
import { AppRoutes } from './app/AppRoutes.tsx';
import { createQueryClient } from './app/queryClient.ts';
import { browserLanguages, createI18n, pickLanguage } from './i18n/i18n.ts';

const language = pickLanguage(browserLanguages());
document.documentElement.lang = language;

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={createQueryClient()} i18n={createI18n(language)}>
      {/* No transitions: the page must change together with the address. Otherwise the old page
          stays up while the next page's chunk loads, and assistive tech and automation see a
          new URL over stale content. */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
