// The search advisory banner on the results page (business.md §2.4; docs/decisions/073): each
// notice's title, its description with bold and linked text tags, a call link in the
// phone-support variant, the actions for advisory types 4 and 14, and the footer. Links are shown
// only when safe: paths on our site stay in the app, http(s) addresses open in a new tab.
import {
  advisoryShowsActions,
  isSafeAdvisoryLink,
  phoneHref,
  type AdvisoryNotice,
  type SearchAdvisory,
} from '@corkboard/shared/search/advisories';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SEARCH_NAMESPACE } from '../../i18n/searchCatalogue.ts';
import { advisorySegments } from './advisoryText.ts';

function AdvisoryLink({
  link,
  className,
  children,
}: {
  link: string;
  className?: string;
  children: ReactNode;
}) {
  if (link.startsWith('/')) {
    return (
      <Link to={link} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={link} className={className} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

function Notice({ notice, showActions }: { notice: AdvisoryNotice; showActions: boolean }) {
  const { t } = useTranslation(SEARCH_NAMESPACE);
  const actions = showActions
    ? notice.actions.filter((action) => isSafeAdvisoryLink(action.link))
    : [];
  return (
    <div className={`search-advisory__notice search-advisory__notice--${notice.style}`}>
      <h2 className="search-advisory__title">{notice.title}</h2>
      <p className="search-advisory__text">
        {advisorySegments(notice.description.text, notice.description.text_tags).map(
          (segment, index) =>
            segment.kind === 'bold' ? (
              <strong key={index}>{segment.text}</strong>
            ) : segment.kind === 'link' ? (
              <AdvisoryLink key={index} link={segment.link}>
                {segment.text}
              </AdvisoryLink>
            ) : (
              <span key={index}>{segment.text}</span>
            ),
        )}
      </p>
      {notice.style === 'phone_support' && notice.phone_number ? (
        <p className="search-advisory__phone">
          <a href={phoneHref(notice.phone_number)} className="button button--primary">
            {t('advisory.call', { number: notice.phone_number })}
          </a>
        </p>
      ) : null}
      {actions.length > 0 ? (
        <div className="search-advisory__actions">
          {actions.map((action) => (
            <AdvisoryLink
              key={`${action.button_text}\u0000${action.link}`}
              link={action.link}
              className="button button--secondary"
            >
              {action.button_text}
            </AdvisoryLink>
          ))}
        </div>
      ) : null}
      {notice.footer ? <p className="search-advisory__footer">{notice.footer}</p> : null}
    </div>
  );
}

export function AdvisoryBanner({ advisory }: { advisory: SearchAdvisory | null | undefined }) {
  const { t } = useTranslation(SEARCH_NAMESPACE);
  if (!advisory || advisory.notices.length === 0) return null;
  const showActions = advisoryShowsActions(advisory.advisory_type);
  return (
    <section className="search-advisory" aria-label={t('advisory.label')}>
      {advisory.notices.map((notice, index) => (
        <Notice key={index} notice={notice} showActions={showActions} />
      ))}
    </section>
  );
}
