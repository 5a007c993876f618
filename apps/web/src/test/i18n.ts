// An i18n instance for tests that read copy by key: a key missing from the catalogue throws
// instead of coming back as the key itself, so a test over copy cannot pass on a missing message.
import type { i18n } from 'i18next';
import { createI18n, type Language } from '../i18n/i18n.ts';

export function createStrictI18n(language: Language = 'en'): i18n {
  const instance = createI18n(language);
  // i18next reports a key it could not resolve in any language (fallbacks included) to the
  // missing-key handler when saveMissing is on; nothing is saved anywhere.
  instance.options.saveMissing = true;
  instance.options.missingKeyHandler = (languages, namespace, key) => {
    throw new Error(`Missing copy ${namespace}:${key} (${languages.join(', ')})`);
  };
  return instance;
}
