// /terms/ and /privacy/: the pages the terms sentence links to (auth.md §2 "Terms text with
// links"), with short, true statements about how this Corkboard works. Sections carry ids so the
// consent step's learn-more links and 'Notice at collection' land on the right paragraph.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { ensureAuthCatalogue, type AuthKey } from './authCatalogue.ts';
import './auth.css';

interface Section {
  id: string;
  heading: AuthKey;
  text: AuthKey;
}

const TERMS_SECTIONS: readonly Section[] = [
  { id: 'account', heading: 'legal.accountHeading', text: 'legal.accountText' },
  { id: 'content', heading: 'legal.contentHeading', text: 'legal.contentText' },
  { id: 'conduct', heading: 'legal.conductHeading', text: 'legal.conductText' },
  { id: 'leaving', heading: 'legal.endingHeading', text: 'legal.endingText' },
  { id: 'contact', heading: 'legal.contactHeading', text: 'legal.contactText' },
];

const PRIVACY_SECTIONS: readonly Section[] = [
  { id: 'notice-at-collection', heading: 'legal.collectHeading', text: 'legal.collectText' },
  { id: 'collection-and-use', heading: 'legal.useHeading', text: 'legal.useText' },
  { id: 'cookies', heading: 'legal.cookiesHeading', text: 'legal.cookiesText' },
  { id: 'third-parties', heading: 'legal.thirdPartyHeading', text: 'legal.thirdPartyText' },
  { id: 'overseas-transfer', heading: 'legal.overseasHeading', text: 'legal.overseasText' },
  { id: 'marketing', heading: 'legal.marketingHeading', text: 'legal.marketingText' },
  { id: 'delete-your-account', heading: 'legal.deleteHeading', text: 'legal.deleteText' },
];

function LegalPage({
  title,
  intro,
  sections,
}: {
  title: AuthKey;
  intro: AuthKey;
  sections: readonly Section[];
}) {
  const { i18n } = useTranslation();
  ensureAuthCatalogue(i18n);
  const { t } = useTranslation('auth');
  const { hash } = useLocation();
  useDocumentTitle(t(title));
  // The page renders after its chunk loads, too late for the browser's own jump to #fragment.
  useEffect(() => {
    if (hash.length > 1)
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  return (
    <article className="legal-page">
      <h1>{t(title)}</h1>
      <p>{t(intro)}</p>
      {sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
          <h2 id={`${section.id}-heading`}>{t(section.heading)}</h2>
          <p>{t(section.text)}</p>
        </section>
      ))}
    </article>
  );
}

export function TermsPage() {
  return <LegalPage title="legal.termsTitle" intro="legal.termsIntro" sections={TERMS_SECTIONS} />;
}

export function PrivacyPage() {
  return (
    <LegalPage title="legal.privacyTitle" intro="legal.privacyIntro" sections={PRIVACY_SECTIONS} />
  );
}
