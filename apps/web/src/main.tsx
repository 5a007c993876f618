import './ui/styles.css';
import './app/shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import type { i18n as I18n } from 'i18next';
import { AppProviders } from './app/App.tsx';
import { AppShellHandoff, seedViewerFromShell } from './app/appShell.tsx';
import { AppRoutes, landingPage } from './app/AppRoutes.tsx';
import { runInTasks } from './app/boot.ts';
import type { LazyPage } from './app/lazyPage.ts';
import { seedQueryCache, takePageData } from './app/pageData.ts';
import { createQueryClient } from './app/queryClient.ts';
import { browserLanguages, createI18n, pickLanguage } from './i18n/i18n.ts';

const language = pickLanguage(browserLanguages());
document.documentElement.lang = language;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const container = root;

const queryClient = createQueryClient();
let answers: Record<string, unknown> = {};
let landing: LazyPage | undefined;
let landingReady: Promise<void> | undefined;
let i18n: I18n | undefined;

function render(): void {
  if (!i18n) throw new Error('i18n is set up before the first render');
  createRoot(container).render(
    <StrictMode>
      {/* The server's header (#app-shell) goes in this render's commit (docs/decisions/215). */}
      <AppShellHandoff />
      <AppProviders queryClient={queryClient} i18n={i18n}>
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

// The start-up, one task per step (docs/decisions/211): each step is short, where together they
// were one long task that Lighthouse counts in Total Blocking Time.
void runInTasks([
  // A visitor's first answers came with the HTML (docs/decisions/207): parsed here ...
  () => {
    answers = takePageData();
  },
  // ... and put in the cache before the first render, so the page draws with its data instead
  // of a loading state. The landing page's chunk (preloaded by the HTML) starts evaluating.
  // A visitor's header came with the HTML: the app starts knowing the viewer is nobody (ADR 215).
  () => {
    seedViewerFromShell(queryClient);
    if (seedQueryCache(queryClient, answers) === 0) return;
    landing = landingPage(window.location.pathname);
    landingReady = landing?.preload();
  },
  // i18next with its bundled resources.
  () => {
    i18n = createI18n(language);
  },
  // The first render is the page itself, not a loading state followed by a long render task: its
  // chunk is awaited first. A failed chunk renders anyway: the route shows its own error.
  () => landingReady?.catch(() => undefined),
  render,
]);
