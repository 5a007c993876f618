// 'Welcome back, {name}! Your account is active again.' under the header, once, after a log-in
// that brought a deactivated account back within the 28 days (ADR 164). A polite status
// message with a close button; nothing moves (no animation).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { takeWelcomeBack } from './welcomeBack.ts';

export function WelcomeBackNotice() {
  const { t } = useTranslation();
  const [name, setName] = useState<string | null>(() => takeWelcomeBack());
  if (name === null) return null;
  return (
    <div className="welcome-back" role="status">
      <p className="welcome-back__text">{t('session.welcomeBack', { name })}</p>
      <button type="button" className="button button--secondary" onClick={() => setName(null)}>
        {t('session.welcomeBackDismiss')}
      </button>
    </div>
  );
}
