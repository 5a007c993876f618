// /extension/: what the Corkboard browser extension does and how to add it (the extension
// upsell's "Get the extension" opens it; docs/decisions/061, 062). Corkboard is self-hosted, so
// the package comes from the site's administrator (`npm run build:extension`).
import { useTranslation } from 'react-i18next';
import { ensureSavingCatalogue, SAVING_NAMESPACE } from '../../i18n/savingCatalogue.ts';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';

export function ExtensionPage() {
  const { i18n } = useTranslation();
  ensureSavingCatalogue(i18n);
  return <ExtensionInfo />;
}

function ExtensionInfo() {
  const { t } = useTranslation(SAVING_NAMESPACE);
  useDocumentTitle(t('extensionPage.pageTitle'));
  return (
    <div className="stack extension-page">
      <h1 className="heading heading--xl">{t('extensionPage.heading')}</h1>
      <p className="text">{t('extensionPage.intro')}</p>
      <h2 className="heading heading--md">{t('extensionPage.installHeading')}</h2>
      <ol className="text">
        <li>{t('extensionPage.stepPackage')}</li>
        <li>{t('extensionPage.stepChromium')}</li>
        <li>{t('extensionPage.stepFirefox')}</li>
        <li>{t('extensionPage.stepServer', { origin: window.location.origin })}</li>
      </ol>
    </div>
  );
}
