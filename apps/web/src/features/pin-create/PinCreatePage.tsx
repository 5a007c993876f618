// The pin create page /pin/create/{bookmarklet|create}/?url&media&description&guid&color
// (saving.md §2.1). Signed in: a pop-up layout — the image and description on the left (40 %),
// the board picker on the right (60 %), at most 750 wide — then a success view that closes the
// window after 10 s. Signed out: the image with a sign-up panel (the login flow, source
// bookmarklet, returning to this address with its query). Mobile devices get the mobile
// create-pin page instead (§2.2).
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { ensureSavingCatalogue, SAVING_NAMESPACE } from '../../i18n/savingCatalogue.ts';
import { pinPath } from '../../ui/links.ts';
import { LoadingState, NotFoundState } from '../../ui/PageStates.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { AuthFlow } from '../auth/AuthFlow.tsx';
import { AuthSurface } from '../auth/AuthSurface.tsx';
import type { AuthFlowConfig } from '../auth/flowTypes.ts';
import type { Pin } from '@corkboard/shared/api-types';
import { useViewer } from '../session/hooks.ts';
import type { SavedResult } from '../save/saveFlow.ts';
import { SaveFlowView } from '../save/SaveFlowView.tsx';
import { showsWebsiteImages } from '../save/pinSaved.ts';
import { WebsiteImages } from '../save/WebsiteImages.tsx';
import { pickerContextOf, type SaveSource } from '../save/saveSource.ts';
import { useSaveController } from '../save/useSaveController.ts';
import { HashtagTextarea } from '../hashtags/HashtagTextarea.tsx';
import { InstagramUpsell } from '../claim/InstagramUpsell.tsx';
import { useInstagramUpsellDecision } from '../claim/useInstagramUpsell.ts';
import { ExtensionUpsell } from '../extension/ExtensionUpsell.tsx';
import { useExtensionUpsellDecision } from '../extension/useExtensionUpsell.ts';
import {
  displayDomain,
  POPUP_AUTO_CLOSE_MS,
  POPUP_WIDTH,
  popupResizeHeight,
  readCreateQuery,
  type CreateQuery,
} from './createQuery.ts';
import { readCreateAction } from './createAction.ts';
import { isMobileDevice } from './device.ts';
import { useCreateImage, useRepinPin, type ChosenImage } from './hooks.ts';
import { MobileCreatePinPage } from './MobileCreatePinPage.tsx';
import { isPinCreatePageMethod, saveMethodOf, type PinCreatePageMethod } from './paths.ts';
import { PIN_DESCRIPTION_MAX_LENGTH } from './limits.ts';
// After the features' stylesheets: the page's own rules win over theirs.
import '../../ui/forms.css';
import '../../ui/picker.css';
import './pinCreate.css';

/** The window-level calls the pop-up makes, replaceable in tests. */
export const popupWindow = {
  isPopup: (): boolean => window.opener !== null,
  outerHeight: (): number => window.outerHeight,
  resizeTo: (width: number, height: number): void => window.resizeTo(width, height),
  close: (): void => window.close(),
};

export function PinCreatePage() {
  const { method = '' } = useParams();
  const { i18n } = useTranslation();
  // Synchronous and idempotent: the page's useTranslation('saving') needs it on first render.
  ensureSavingCatalogue(i18n);
  if (!isPinCreatePageMethod(method)) return <UnknownMethod />;
  if (isMobileDevice(navigator)) return <MobileCreatePinPage method={method} />;
  return <PopupCreatePage method={method} />;
}

function UnknownMethod() {
  const { t } = useTranslation(SAVING_NAMESPACE);
  return <NotFoundState title={t('create.unknownMethod')} />;
}

/** §2.1, §9: opened as a pop-up, the window takes the create page's size. */
function usePopupSize(): void {
  useEffect(() => {
    if (!popupWindow.isPopup()) return;
    const height = popupResizeHeight(popupWindow.outerHeight());
    popupWindow.resizeTo(POPUP_WIDTH, height ?? popupWindow.outerHeight());
  }, []);
}

function PopupCreatePage({ method }: { method: PinCreatePageMethod }) {
  const { t } = useTranslation(SAVING_NAMESPACE);
  const location = useLocation();
  const viewer = useViewer();
  const query = useMemo(
    () => readCreateQuery(location.search, window.location.origin),
    [location.search],
  );
  const action = useMemo(
    () => readCreateAction(location.search, window.location.origin),
    [location.search],
  );
  useDocumentTitle(t('create.pageTitle'));
  usePopupSize();

  if (action.action === 'invalid') return <NotFoundState title={t('details.unknownAction')} />;
  if (viewer.isPending) return <LoadingState />;
  if (!viewer.data) return <SignedOutCreate query={query} />;
  if (action.action === 'repin') return <RepinCreate pinId={action.pinId} method={method} />;
  return <SignedInCreate query={query} method={method} />;
}

/** The image the success view shows for a re-saved pin. */
function repinImage(pin: Pin): ChosenImage {
  const url = pin.images['474x'].url;
  return {
    display: url,
    source: { kind: 'url', url },
    link: pin.link,
    title: pin.title,
    description: pin.description,
    websiteImages: [],
  };
}

/** `action=repin`: the pin of ours the query names, saved again (RepinResource, §7). */
function RepinCreate({ pinId, method }: { pinId: string; method: PinCreatePageMethod }) {
  const { t } = useTranslation(SAVING_NAMESPACE);
  const pin = useRepinPin(pinId);
  const [result, setResult] = useState<SavedResult | null>(null);
  if (pin.isError) return <NotFoundState title={t('details.repinMissing')} />;
  if (!pin.data) return <LoadingState />;
  if (result) return <CreateSuccess result={result} image={repinImage(pin.data)} method={method} />;
  return <RepinForm pin={pin.data} onSaved={setResult} />;
}

function RepinForm({ pin, onSaved }: { pin: Pin; onSaved: (result: SavedResult) => void }) {
  const { t } = useTranslation(SAVING_NAMESPACE);
  const headingId = useId();
  const source = useMemo<SaveSource>(() => ({ kind: 'repin', pin }), [pin]);
  const [pickerContext] = useState(() => pickerContextOf(source));
  const controller = useSaveController({
    source,
    surface: 'desktop',
    closeOnFailure: false,
    onSaved,
    onClose: () => undefined,
  });
  return (
    <div className="create-popup">
      <div className="create-popup__pin">
        <PinPicture
          src={pin.images['474x'].url}
          alt={pin.alt_text || pin.title || pin.description || t('create.imageAlt')}
        />
        {pin.description ? <p className="text text--small">{pin.description}</p> : null}
      </div>
      <div className="create-popup__picker">
        <SaveFlowView
          controller={controller}
          pickerContext={pickerContext}
          headingId={headingId}
          headingLevel={1}
          isDesktop
        />
      </div>
    </div>
  );
}

function PinPicture({ src, alt }: { src: string; alt: string }) {
  const { t } = useTranslation(SAVING_NAMESPACE);
  // Our page may not be allowed to show a picture from another site (its Content-Security-
  // Policy); the server still fetches it when saving, so say so instead of a broken image.
  const [failed, setFailed] = useState(false);
  if (failed) return <p className="create-popup__unavailable">{t('create.imageUnavailable')}</p>;
  return (
    <img className="create-popup__image" src={src} alt={alt} onError={() => setFailed(true)} />
  );
}

function SignedOutCreate({ query }: { query: CreateQuery }) {
  const { t } = useTranslation(SAVING_NAMESPACE);
  const location = useLocation();
  const headingId = useId();
  const [config] = useState<AuthFlowConfig>(() => ({
    initialView: 'signup',
    container: 'pinBookmarklet',
    signupSource: 'pinBookmarklet',
    loginSource: 'pinBookmarklet',
    // After signing up or logging in, the same page with the same query: the save continues.
    next: `${location.pathname}${location.search}`,
  }));
  const domain = displayDomain(query.url);
  return (
    <div className="create-popup create-popup--signed-out">
      <div className="create-popup__pin">
        {query.media ? (
          <PinPicture
            src={query.media}
            alt={
              query.description ||
              (domain ? t('create.imageFrom', { domain }) : t('create.imageAlt'))
            }
          />
        ) : null}
      </div>
      <div className="create-popup__panel">
        <AuthSurface>
          <AuthFlow config={config} headingId={headingId} />
        </AuthSurface>
      </div>
    </div>
  );
}

function SignedInCreate({ query, method }: { query: CreateQuery; method: PinCreatePageMethod }) {
  const { t } = useTranslation(SAVING_NAMESPACE);
  const state = useCreateImage(query);
  const [result, setResult] = useState<SavedResult | null>(null);

  if (result && state.kind === 'ready') {
    return <CreateSuccess result={result} image={state.image} method={method} />;
  }
  if (state.kind === 'finding') {
    return (
      <div className="create-popup">
        <h1 className="visually-hidden">{t('create.pageTitle')}</h1>
        <div className="picker-state" role="status">
          <span className="spinner" aria-hidden="true" />
          <span>{t('create.lookingForImage')}</span>
        </div>
      </div>
    );
  }
  if (state.kind === 'none') {
    return (
      <div className="page-state">
        <h1 className="page-state__title">{t('create.noImageTitle')}</h1>
        <p className="page-state__message">
          {state.reason === 'noImage' ? t('create.noImage') : t('create.missingImage')}
        </p>
      </div>
    );
  }
  return <CreateForm image={state.image} query={query} method={method} onSaved={setResult} />;
}

function CreateForm({
  image,
  query,
  method,
  onSaved,
}: {
  image: ChosenImage;
  query: CreateQuery;
  method: PinCreatePageMethod;
  onSaved: (result: SavedResult) => void;
}) {
  const { t } = useTranslation(SAVING_NAMESPACE);
  const descriptionId = useId();
  const headingId = useId();
  const [description, setDescription] = useState(image.description);
  const source = useMemo<SaveSource>(
    () => ({
      kind: 'create',
      method: saveMethodOf(method),
      image: image.source,
      link: image.link,
      title: image.title,
      description,
      color: query.color,
      guid: query.guid,
      query: query.raw,
    }),
    [method, image, description, query],
  );
  // Fixed for the page's life: it keys the board list (the shortlist's "relevant" pick).
  const [pickerContext] = useState(() => ({
    title: image.title || undefined,
    description: image.description || undefined,
    link: image.link ?? undefined,
  }));
  const controller = useSaveController({
    source,
    surface: 'desktop',
    closeOnFailure: false,
    onSaved,
    // The board list is the page itself: there is nothing to close.
    onClose: () => undefined,
  });
  const domain = displayDomain(image.link);
  return (
    <div className="create-popup">
      <div className="create-popup__pin">
        <PinPicture
          src={image.display}
          alt={description || (domain ? t('create.imageFrom', { domain }) : t('create.imageAlt'))}
        />
        {domain ? <p className="text text--small text--subtle">{domain}</p> : null}
        <div className="field">
          <label className="field__label" htmlFor={descriptionId}>
            {t('create.descriptionLabel')}
          </label>
          <HashtagTextarea
            id={descriptionId}
            className="field__input create-popup__description"
            value={description}
            maxLength={PIN_DESCRIPTION_MAX_LENGTH}
            placeholder={t('create.descriptionPlaceholder')}
            onChange={setDescription}
            readOnly={controller.state.saving}
          />
        </div>
      </div>
      <div className="create-popup__picker">
        <SaveFlowView
          controller={controller}
          pickerContext={pickerContext}
          headingId={headingId}
          headingLevel={1}
          isDesktop
        />
      </div>
    </div>
  );
}

/**
 * §2.1 "After success, a browser-extension upsell may replace the success view (see 2.8)":
 * decided after the extension check (at most 500 ms, §4); dismissing it shows the success view.
 */
function CreateSuccess({
  result,
  image,
  method,
}: {
  result: SavedResult;
  image: ChosenImage;
  method: PinCreatePageMethod;
}) {
  // saving.md §2.8: a save from Instagram may show the Instagram upsell instead (ADR 129); only
  // when it does not is the extension upsell considered (one upsell per save).
  const instagram = useInstagramUpsellDecision(result.pin.link ?? image.link);
  const [instagramDismissed, setInstagramDismissed] = useState(false);
  if (instagram.kind === 'pending') return <LoadingState />;
  if (instagram.kind === 'show') {
    return instagramDismissed ? (
      <SuccessView result={result} image={image} />
    ) : (
      <InstagramUpsell
        placedId={instagram.placedId}
        onDismiss={() => setInstagramDismissed(true)}
      />
    );
  }
  return <ExtensionUpsellOrSuccess result={result} image={image} method={method} />;
}

function ExtensionUpsellOrSuccess({
  result,
  image,
  method,
}: {
  result: SavedResult;
  image: ChosenImage;
  method: PinCreatePageMethod;
}) {
  const decision = useExtensionUpsellDecision();
  const [dismissed, setDismissed] = useState(false);
  if (decision === 'pending') return <LoadingState />;
  if (decision === 'show' && !dismissed) {
    return (
      <ExtensionUpsell
        variant={method === 'create' ? 'pinBuilder' : 'default'}
        onDismiss={() => setDismissed(true)}
      />
    );
  }
  return <SuccessView result={result} image={image} />;
}

/** §2.1: the board name, image, link and description; the window closes itself after 10 s. */
function SuccessView({ result, image }: { result: SavedResult; image: ChosenImage }) {
  const { t } = useTranslation(SAVING_NAMESPACE);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
    const timer = setTimeout(() => popupWindow.close(), POPUP_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, []);
  const heading = result.section
    ? t('saved.headingSection', { sectionName: result.section.title, boardName: result.board.name })
    : t('create.successHeading', { board: result.board.name });
  const link = result.pin.link ?? image.link;
  return (
    <div className="create-success">
      <h1 ref={headingRef} tabIndex={-1} className="create-success__heading">
        {heading}
      </h1>
      <div className="create-success__pin">
        {showsWebsiteImages(image.websiteImages) ? (
          <WebsiteImages urls={image.websiteImages} />
        ) : (
          <img
            src={result.pin.images['236x'].url}
            alt={result.pin.description || t('create.imageAlt')}
            width={236}
          />
        )}
        <dl className="create-success__facts">
          {link ? (
            <div>
              <dt>{t('create.successLink')}</dt>
              <dd className="create-success__link">{link}</dd>
            </div>
          ) : null}
          {result.pin.description ? (
            <div>
              <dt>{t('create.successDescription')}</dt>
              <dd>{result.pin.description}</dd>
            </div>
          ) : null}
        </dl>
      </div>
      <p className="text text--small text--subtle">{t('create.successClosing')}</p>
      <div className="form-actions create-success__actions">
        <Link
          to={pinPath(result.pin.id)}
          className="button button--secondary"
          target="_blank"
          rel="noopener"
        >
          {t('create.seePin')} <span className="visually-hidden">{t('saved.opensInNewTab')}</span>
        </Link>
        <button
          type="button"
          className="button button--primary"
          onClick={() => popupWindow.close()}
        >
          {t('create.closeWindow')}
        </button>
      </div>
    </div>
  );
}
