// auth.md §4 "Under-age": Edit clears the under-age marker and goes back to the birthday; Confirm
// shows the ineligible toast for 3.5 s and goes home after 4 s.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../ui/Toast.tsx';
import { calendarDateFromInput } from './birthdayInput.ts';
import { UNDERAGE_REDIRECT_MS, UNDERAGE_TOAST_MS } from './timings.ts';
import { AuthMark, AuthTitle } from './ViewParts.tsx';

interface UnderageConfirmationProps {
  headingId: string;
  /** The birthday as typed (YYYY-MM-DD), or '' when only the cookie says under-age. */
  birthday: string;
  onEdit: () => void;
  /** Called at UNDERAGE_REDIRECT_MS after Confirm. */
  onLeave: () => void;
}

function formatDate(value: string, language: string): string | null {
  const date = calendarDateFromInput(value);
  if (!date) return null;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(date.year, date.month - 1, date.day)),
  );
}

export function UnderageConfirmation({
  headingId,
  birthday,
  onEdit,
  onLeave,
}: UnderageConfirmationProps) {
  const { t, i18n } = useTranslation('auth');
  const showToast = useToast();
  const [confirmed, setConfirmed] = useState(false);
  const leaveRef = useRef(onLeave);
  useEffect(() => {
    leaveRef.current = onLeave;
  });

  useEffect(() => {
    if (!confirmed) return;
    const timer = setTimeout(() => leaveRef.current(), UNDERAGE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [confirmed]);

  const date = formatDate(birthday, i18n.language);
  const confirm = () => {
    setConfirmed(true);
    showToast(t('validation.birthday.underAge'), { durationMs: UNDERAGE_TOAST_MS, tone: 'error' });
  };

  return (
    <div className="auth__view">
      <AuthMark />
      <AuthTitle id={headingId}>{t('underage.title')}</AuthTitle>
      {date ? <p className="auth__subtitle">{t('underage.text', { date })}</p> : null}
      <p className="auth__subtitle">{t('validation.birthday.underAge')}</p>
      <div className="auth__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={onEdit}
          disabled={confirmed}
          data-autofocus=""
        >
          {t('underage.edit')}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={confirm}
          disabled={confirmed}
        >
          {t('underage.confirm')}
        </button>
      </div>
    </div>
  );
}
