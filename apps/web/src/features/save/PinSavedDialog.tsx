// The pin-saved dialog (saving.md §2.9): 'Saved to {board}' (or '… {section} in {board}'), the
// related board — or, when there is none, the new pin (236 wide) or a grid of the website's
// images — the creator card of the link domain's official user, 'Send' and 'See it now'. The
// saved-confirmation overlay and the confetti (§2.8) play over the media. 'Promote your Pin'
// shows when the server answers is_promotable (business.md §5.1) and opens the quick-promote
// flow. On show it logs its render with the 'send' or 'promote' metric, once per shown pin.
import '../../ui/picker.css';
import './save.css';
import type { Board, FollowableUser, LinkDomain } from '@corkboard/shared/api-types';
import type { SavedPin } from '@corkboard/shared/saving/api';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { internalPath, pinPath } from '../../ui/links.ts';
import { Modal } from '../../ui/Modal.tsx';
import { PinImage } from '../../ui/PinImage.tsx';
import { pinAltText } from '../../ui/pinText.ts';
import { SAVING_NAMESPACE } from '../../i18n/savingCatalogue.ts';
import { useRelatedBoard } from '../boards/hooks.ts';
import { CreatorCard } from '../follows/CreatorCard.tsx';
import { Confetti } from './Confetti.tsx';
import { usePinSavedDialogLog, useSavedPinDetail } from './hooks.ts';
import {
  creatorCardUser,
  dialogMetric,
  PIN_SAVED_DIALOG_MIN_WIDTH,
  SAVED_PIN_IMAGE_WIDTH,
  savedMedia,
  seeItNowTone,
  showsWebsiteImages,
} from './pinSaved.ts';
import { WebsiteImages } from './WebsiteImages.tsx';
import { SavedOverlay } from './SavedOverlay.tsx';

/** The dialog's width: three 160 px website-image columns and their gaps fit. */
export const PIN_SAVED_DIALOG_WIDTH = 560;

/** Who the creator card shows, decided once from the first answer about the pin. */
interface CreatorDecision {
  readonly pinId: string;
  readonly user: FollowableUser | null;
  readonly domain: string;
}

function decideCreator(
  pinId: string,
  viewerId: string,
  linkDomain: LinkDomain | null,
): CreatorDecision {
  return {
    pinId,
    user: creatorCardUser(viewerId, linkDomain),
    domain: linkDomain?.domain ?? '',
  };
}

interface PinSavedDialogProps {
  pin: SavedPin;
  boardName: string;
  sectionName: string | null;
  viewer: { id: string; is_partner: boolean };
  /** §2.9 "The heading can be hidden." */
  showHeading?: boolean;
  /** Image URLs found on the pin's website; a grid replaces the pin image when there are several. */
  websiteImages?: readonly string[] | undefined;
  seeItNowInNewTab?: boolean;
  onDismiss: () => void;
  /** Rendered inside the dialog (the toast region: the page behind is inert). */
  children?: ReactNode;
}

function RelatedBoardCard({ board }: { board: Board }) {
  const { t } = useTranslation(SAVING_NAMESPACE);
  return (
    <Link to={internalPath(board.url)} className="related-board">
      <span className="related-board__covers" aria-hidden="true">
        {board.cover_images.slice(0, 3).map((image) => (
          <img key={image.url} src={image.url} alt="" width={image.width} height={image.height} />
        ))}
      </span>
      <span className="related-board__text">
        {t('saved.youMightAlsoLike', { suggestion: board.name })}
      </span>
    </Link>
  );
}

function PinPreview({
  pin,
  websiteImages,
}: {
  pin: SavedPin;
  websiteImages: readonly string[] | undefined;
}) {
  const { t: tApp } = useTranslation();
  if (websiteImages && showsWebsiteImages(websiteImages)) {
    return <WebsiteImages urls={websiteImages} />;
  }
  return (
    <div className="pin-saved__image" style={{ width: SAVED_PIN_IMAGE_WIDTH }}>
      <PinImage
        images={pin.images}
        sizes={['236x', '474x']}
        displayWidth={`${SAVED_PIN_IMAGE_WIDTH}px`}
        alt={pinAltText(pin, tApp)}
        dominantColor={pin.dominant_color}
        priority
      />
    </div>
  );
}

export function PinSavedDialog({
  pin,
  boardName,
  sectionName,
  viewer,
  showHeading = true,
  websiteImages,
  seeItNowInNewTab = false,
  onDismiss,
  children,
}: PinSavedDialogProps) {
  const { t } = useTranslation(SAVING_NAMESPACE);
  const headingId = useId();
  const related = useRelatedBoard(pin.id);
  const relatedBoard = related.data?.[0];
  const media = savedMedia({
    isPending: related.isPending,
    hasBoard: relatedBoard !== undefined,
  });
  const promoteOffered: boolean = pin.is_promotable;
  const tone = seeItNowTone(viewer, promoteOffered);

  // The card is decided once, from the first answer: following from the card (or a refetch
  // that now says followed) must not make it vanish under the viewer's pointer.
  const detail = useSavedPinDetail(pin.id);
  const [creator, setCreator] = useState<CreatorDecision | null>(null);
  if (detail.data && (creator === null || creator.pinId !== pin.id)) {
    setCreator(decideCreator(pin.id, viewer.id, detail.data.link_domain));
  }
  const creatorUser = creator?.pinId === pin.id ? creator.user : null;

  // §2.9 "On show, the dialog logs a render and a 'promote' or 'send' metric": once per shown
  // pin. The ref survives re-renders and StrictMode's second effect run.
  const logRender = usePinSavedDialogLog();
  const loggedPinId = useRef<string | null>(null);
  const metric = dialogMetric(promoteOffered);
  useEffect(() => {
    if (loggedPinId.current === pin.id) return;
    loggedPinId.current = pin.id;
    logRender(pin.id, metric);
  }, [pin.id, metric, logRender]);
  const heading = sectionName
    ? t('saved.headingSection', { sectionName, boardName })
    : t('saved.heading', { boardName });

  return (
    <Modal
      labelledBy={headingId}
      width={PIN_SAVED_DIALOG_WIDTH}
      onDismiss={onDismiss}
      closeLabel={t('saved.close')}
    >
      <div
        className="pin-saved"
        data-testid="saved-pin-modal"
        style={{ minWidth: `min(${PIN_SAVED_DIALOG_MIN_WIDTH}px, calc(100vw - 48px))` }}
        data-min-width={PIN_SAVED_DIALOG_MIN_WIDTH}
      >
        <h2 id={headingId} className={showHeading ? 'pin-saved__heading' : 'visually-hidden'}>
          {heading}
        </h2>
        <div className="pin-saved__media">
          {media === 'loadingRelated' ? (
            <div className="picker-state" role="status">
              <span className="spinner" aria-hidden="true" />
              <span className="visually-hidden">{t('saved.suggestedBoard')}</span>
            </div>
          ) : media === 'relatedBoard' && relatedBoard ? (
            <RelatedBoardCard board={relatedBoard} />
          ) : (
            <PinPreview pin={pin} websiteImages={websiteImages} />
          )}
          <SavedOverlay first={pin.is_first_save} />
          <Confetti seed={Number(pin.id) || 1} />
        </div>
        {creatorUser && creator ? (
          <CreatorCard
            key={`${pin.id}:${creatorUser.id}`}
            user={creatorUser}
            domain={creator.domain}
            pinId={pin.id}
          />
        ) : null}
        <div className="pin-saved__actions">
          {promoteOffered ? null : (
            <Link
              to={`${pinPath(pin.id)}?share=true`}
              className="button button--secondary"
              onClick={onDismiss}
            >
              {t('saved.send')}
            </Link>
          )}
          {promoteOffered ? (
            <Link
              to={`/advertiser/quick_promote?${new URLSearchParams({ pinId: pin.id }).toString()}`}
              className="button button--primary"
              onClick={onDismiss}
            >
              {t('saved.promote')}
            </Link>
          ) : null}
          <Link
            to={pinPath(pin.id)}
            className={tone === 'red' ? 'button button--primary' : 'button button--secondary'}
            data-tone={tone}
            onClick={onDismiss}
            {...(seeItNowInNewTab ? { target: '_blank', rel: 'noopener' } : {})}
          >
            {t('saved.seeItNow')}
            {seeItNowInNewTab ? (
              <>
                {' '}
                <span className="visually-hidden">{t('saved.opensInNewTab')}</span>
              </>
            ) : null}
          </Link>
        </div>
      </div>
      {children}
    </Modal>
  );
}
