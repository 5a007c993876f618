import type { Pin } from '@corkboard/shared/api-types';
import { closeupImageSizes, closeupLayout } from '@corkboard/shared/layout';
import { offsiteHref } from '@corkboard/shared/offsite/offsite';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { PinAuthActions } from '../auth/EntryPoints.tsx';
import { CloseupSaveButton } from '../save/CloseupSaveButton.tsx';
import { PinEditEntry, type PinWithAccess } from '../organise/PinEditEntry.tsx';
import { HashtagText } from '../hashtags/HashtagText.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { isApiError } from '../../ui/isApiError.ts';
import { internalPath, profilePath } from '../../ui/links.ts';
import { ErrorState, LoadingState, NotFoundState } from '../../ui/PageStates.tsx';
import { PinGrid } from '../../ui/PinGrid.tsx';
import { PinImage } from '../../ui/PinImage.tsx';
import { pinAltText, safeExternalUrl } from '../../ui/pinText.ts';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { useLayoutWidth } from '../../ui/useLayoutWidth.ts';
import { useMoreLikeThis, usePin } from './hooks.ts';

/** /pin/{id}/edit/: the pin page with its edit dialog open (issue 10; ADR 057). */
export function PinEditPage() {
  return <PinPage edit />;
}

export function PinPage({ edit = false }: { edit?: boolean }) {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const pin = usePin(id);
  const title = pin.data ? pin.data.title.trim() || t('pin.untitled') : undefined;
  const notFound = isApiError(pin.error, 'PIN_NOT_FOUND');
  useDocumentTitle(notFound ? t('notFound.pin') : title);

  if (pin.data) {
    return (
      <>
        <PinCloseup pin={pin.data} title={title ?? ''} edit={edit} />
        <MoreLikeThis pin={pin.data} />
      </>
    );
  }
  if (notFound) return <NotFoundState title={t('notFound.pin')} />;
  if (pin.isError) return <ErrorState onRetry={() => pin.refetch()} />;
  return <LoadingState />;
}

/** The ad a promoted card passed in the navigation state (PinCard), if any. */
function promotedAdOf(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('promotedAd' in state)) return undefined;
  return typeof state.promotedAd === 'string' ? state.promotedAd : undefined;
}

function PinCloseup({ pin, title, edit }: { pin: PinWithAccess; title: string; edit: boolean }) {
  const { t } = useTranslation();
  const link = safeExternalUrl(pin.link);
  const domain = pin.domain || link?.hostname;
  // Outbound links go through /offsite/, which checks them first (business.md §5.3, ADR 080);
  // the random token is drawn once per pin, not on every render.
  const linkHref = link?.href;
  // Opened from a promoted card: the outbound click is that ad's (docs/decisions/104).
  const promotedAd = promotedAdOf(useLocation().state);
  const outboundHref = useMemo(
    () =>
      linkHref
        ? offsiteHref({
            url: linkHref,
            pinId: pin.id,
            ...(promotedAd ? { isThirdPartyAd: true, clientTrackingParams: promotedAd } : {}),
          })
        : undefined,
    [linkHref, pin.id, promotedAd],
  );
  const description = pin.description.trim();
  const layoutWidth = useLayoutWidth();
  const layout = closeupLayout(layoutWidth, pin.images.orig);
  return (
    <article
      className="closeup"
      data-columns={layout.columns}
      style={
        layout.maxWidth === null || layout.mediaWidth === null
          ? undefined
          : {
              maxWidth: layout.maxWidth,
              gridTemplateColumns:
                layout.columns === 2
                  ? `minmax(0, ${layout.mediaWidth}px) minmax(0, ${layout.maxWidth - layout.mediaWidth}px)`
                  : 'minmax(0, 1fr)',
            }
      }
    >
      <div className="closeup__media">
        <PinImage
          images={pin.images}
          sizes={['736x', '474x']}
          // Every layout's width at once, as the server's preload hint says (ADR 147).
          displayWidth={closeupImageSizes(pin.images.orig)}
          alt={pinAltText(pin, t)}
          dominantColor={pin.dominant_color}
          priority
        />
      </div>
      <div className="closeup__details">
        <div className="stack">
          <PinAuthActions pin={pin} />
          <CloseupSaveButton pin={pin} />
          <PinEditEntry key={pin.id} pin={pin} requested={edit} />
          {outboundHref && domain ? (
            <a
              className="closeup__outbound"
              href={outboundHref}
              target="_blank"
              rel="noopener noreferrer nofollow"
            >
              {t('pin.visitSite', { domain })}
              <span className="visually-hidden"> {t('pin.opensInNewTab')}</span>
            </a>
          ) : null}
          <h1 className="heading heading--xl">{title}</h1>
          {description ? (
            <p className="text">
              <HashtagText text={description} />
            </p>
          ) : null}
          <dl className="closeup__facts">
            <div>
              <dt>{t('pin.savedTo')}</dt>
              <dd>
                <Link to={internalPath(pin.board.url)} className="text-link">
                  {pin.board.name}
                </Link>
                {pin.section ? (
                  <>
                    {' · '}
                    <Link
                      to={`${internalPath(pin.board.url)}?section=${encodeURIComponent(pin.section.id)}`}
                      className="text-link"
                    >
                      {t('pin.section', { title: pin.section.title })}
                    </Link>
                  </>
                ) : null}
              </dd>
            </div>
            {pin.aggregated_pin_data ? (
              // business.md §6: visitors in the aggregate-saves experiment (ADR 122).
              <div>
                <dt>{t('pin.saves')}</dt>
                <dd>
                  {t('pin.saveCount', { count: pin.aggregated_pin_data.aggregated_stats.saves })}
                </dd>
              </div>
            ) : null}
            <div>
              <dt>{t('pin.savedBy')}</dt>
              <dd>
                <Link to={profilePath(pin.pinner.username)} className="person-link">
                  <Avatar user={pin.pinner} size={32} />
                  <span>{pin.pinner.full_name || pin.pinner.username}</span>
                </Link>
              </dd>
            </div>
          </dl>
        </div>
      </div>
    </article>
  );
}

function MoreLikeThis({ pin }: { pin: Pin }) {
  const { t } = useTranslation();
  const headingId = useId();
  const pins = useMoreLikeThis(pin.board.id);
  return (
    <section className="more-like-this" aria-labelledby={headingId}>
      <h2 id={headingId} className="heading heading--md section-heading">
        {t('pin.moreLikeThis')}
      </h2>
      <PinGrid query={pins} excludeId={pin.id} emptyTitle={t('pin.moreLikeThisEmpty')} belowFold />
    </section>
  );
}
