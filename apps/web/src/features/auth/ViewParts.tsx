// Pieces every auth view shares: the mark and title, the terms sentence, the OR divider, and a
// button that reads like a link (for switching views inside the modal).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { richText } from '../../ui/richText.tsx';
import {
  DELETE_ACCOUNT_PATH,
  NOTICE_AT_COLLECTION_PATH,
  PRIVACY_PATH,
  TERMS_PATH,
} from './links.ts';

export function AuthMark() {
  return (
    <svg className="auth__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="16" fill="currentColor" />
      <path
        d="M16 7a9 9 0 1 0 6.4 15.4l-2.1-2.1A6 6 0 1 1 20.3 11.7l2.1-2.1A9 9 0 0 0 16 7z"
        fill="#fff"
      />
    </svg>
  );
}

/** The view's heading; the modal is labelled by it, and it takes focus when a view opens. */
export function AuthTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h1 id={id} className="auth__title" tabIndex={-1}>
      {children}
    </h1>
  );
}

export function LinkButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="link-button" onClick={onClick}>
      {children}
    </button>
  );
}

/** auth.md §2: 'OR' between the social buttons and the email form. */
export function OrDivider() {
  const { t } = useTranslation('auth');
  return (
    <div className="auth__divider" role="separator">
      {t('signup.or')}
    </div>
  );
}

function NewTabLink({ to, children }: { to: string; children: ReactNode }) {
  const { t } = useTranslation();
  // A new tab, so reading the terms never throws away a half-filled form.
  return (
    <Link to={to} target="_blank" rel="noopener" className="text-link">
      {children}
      <span className="visually-hidden"> {t('pin.opensInNewTab')}</span>
    </Link>
  );
}

/** auth.md §2 "Terms text with links". */
export function TermsText() {
  const { t } = useTranslation('auth');
  return (
    <p className="auth__terms">
      {richText(t('terms.text'), {
        terms: (text) => <NewTabLink to={TERMS_PATH}>{text}</NewTabLink>,
        privacy: (text) => <NewTabLink to={PRIVACY_PATH}>{text}</NewTabLink>,
        notice: (text) => <NewTabLink to={NOTICE_AT_COLLECTION_PATH}>{text}</NewTabLink>,
        delete: (text) => <NewTabLink to={DELETE_ACCOUNT_PATH}>{text}</NewTabLink>,
      })}
    </p>
  );
}

/** A sentence with one `<link>` that switches views ('Already a member? Log in'). */
export function SwitchLine({ template, onClick }: { template: string; onClick: () => void }) {
  return (
    <p className="auth__switch">
      {richText(template, {
        link: (text) => <LinkButton onClick={onClick}>{text}</LinkButton>,
      })}
    </p>
  );
}
