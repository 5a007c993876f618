// /bookmarklet/: the 'Save to Corkboard' bookmarklet, installed by dragging its button to the
// bookmarks bar (or, by keyboard, by copying its address into a new bookmark).
import '../../ui/forms.css';
import './pinCreate.css';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { ensureSavingCatalogue, SAVING_NAMESPACE } from '../../i18n/savingCatalogue.ts';
import { bookmarkletConfig, bookmarkletHref } from './bookmarklet/bookmarkletHref.ts';

export function BookmarkletPage() {
  const { i18n } = useTranslation();
  ensureSavingCatalogue(i18n);
  return <Bookmarklet />;
}

type CopyState = 'idle' | 'copied' | 'failed';

function Bookmarklet() {
  const { t } = useTranslation(SAVING_NAMESPACE);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const hintId = useId();
  const addressId = useId();
  const [showHint, setShowHint] = useState(false);
  const [copyState, setCopyState] = useState<CopyState>('idle');
  useDocumentTitle(t('bookmarklet.pageTitle'));

  const href = useMemo(
    () =>
      bookmarkletHref(
        bookmarkletConfig(window.location.origin, {
          title: t('bookmarklet.overlayTitle'),
          close: t('bookmarklet.overlayClose'),
          noImages: t('bookmarklet.overlayNoImages'),
          save: t('bookmarklet.overlaySave'),
          // The bookmarklet fills the numbers in itself, on the page where it runs.
          image: t('bookmarklet.overlayImage', { number: '{{number}}', count: '{{count}}' }),
        }),
      ),
    [t],
  );
  // React refuses javascript: URLs in markup (a guard against injected links); this one is ours
  // and is only ever dragged to the bookmarks bar, so it is set on the element directly.
  useEffect(() => {
    linkRef.current?.setAttribute('href', href);
  }, [href]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(href);
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
  };

  return (
    <div className="bookmarklet-page">
      <h1 className="heading heading--xl">{t('bookmarklet.heading')}</h1>
      <p className="text">{t('bookmarklet.intro')}</p>
      <p>
        <a
          ref={linkRef}
          className="button button--primary bookmarklet-page__link"
          aria-describedby={hintId}
          onClick={(event) => {
            // Run on our own page it would only show our images; installing is by dragging.
            event.preventDefault();
            setShowHint(true);
          }}
        >
          {t('bookmarklet.button')}
        </a>
      </p>
      <p id={hintId} className={showHint ? 'text text--bold' : 'text text--small text--subtle'}>
        {t('bookmarklet.dragHint')}
      </p>
      <p className="text text--small">{t('bookmarklet.keyboardHint')}</p>
      <p>
        <button type="button" className="button button--secondary" onClick={() => void copy()}>
          {t('bookmarklet.copy')}
        </button>
      </p>
      <p role="status" className="text text--small">
        {copyState === 'copied'
          ? t('bookmarklet.copied')
          : copyState === 'failed'
            ? t('bookmarklet.copyFailed')
            : ''}
      </p>
      <div className="field">
        <label className="field__label" htmlFor={addressId}>
          {t('bookmarklet.addressLabel')}
        </label>
        <textarea
          id={addressId}
          className="field__input bookmarklet-page__address"
          readOnly
          value={href}
          rows={3}
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
    </div>
  );
}
