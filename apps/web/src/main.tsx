import './ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/App.tsx';
import { AppRoutes, landingPage } from './app/AppRoutes.tsx';
import { seedQueryCache, takePageData } from './app/pageData.ts';
import { createQueryClient } from './app/queryClient.ts';
import { browserLanguages, createI18n, pickLanguage } from './i18n/i18n.ts';

const language = pickLanguage(browserLanguages());
document.documentElement.lang = language;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const container = root;

// A visitor's first answers came with the HTML: in the cache before the first render, so the
// page draws with its data instead of a loading state (docs/decisions/207). Its chunk (preloaded
// by the HTML) is awaited first, so that first render is the page itself, not a loading state
// followed by a long render task. A failed chunk renders anyway: the route shows its own error.
const queryClient = createQueryClient();
const seeded = seedQueryCache(queryClient, takePageData());
const landing = seeded > 0 ? landingPage(window.location.pathname) : undefined;

function render(): void {
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient} i18n={createI18n(language)}>
        {/* No transitions: the page must change together with the address. Otherwise the old page
            stays up while the next page's chunk loads, and assistive tech and automation see a
            new URL over stale content. */}
        <BrowserRouter useTransitions={false}>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}

if (landing) void landing.preload().then(render, render);
else render();
