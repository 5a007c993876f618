// auth.md §2 "Birthday step": 'Enter your birthdate', a date input, 'Create account', and why
// the birthdate is asked. While the under-age cookie is 1 the input is disabled (auth.md §4).
import { useId, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui/TextField.tsx';
import { AuthMessageText } from './AuthMessageText.tsx';
import type { AuthMessage } from './authErrors.ts';
import { latestBirthdayInput } from './birthdayInput.ts';
import { AuthMark, AuthTitle, TermsText } from './ViewParts.tsx';

interface BirthdayStepProps {
  headingId: string;
  birthday: string;
  onBirthdayChange: (value: string) => void;
  error: AuthMessage | undefined;
  underage: boolean;
  onSubmit: () => void;
  birthdayRef: RefObject<HTMLInputElement | null>;
}

export function BirthdayStep({
  headingId,
  birthday,
  onBirthdayChange,
  error,
  underage,
  onSubmit,
  birthdayRef,
}: BirthdayStepProps) {
  const { t } = useTranslation('auth');
  const fieldId = useId();
  const [latest] = useState(() => latestBirthdayInput(new Date()));
  const shownError: AuthMessage | undefined = underage
    ? { key: 'validation.birthday.underAge' }
    : error;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <div className="auth__view">
      <AuthMark />
      <AuthTitle id={headingId}>{t('birthday.title')}</AuthTitle>
      <form className="auth__form" noValidate onSubmit={submit}>
        <TextField
          id={`${fieldId}-birthday`}
          name="birthday"
          type="date"
          label={t('fields.birthdate')}
          autoComplete="bday"
          value={birthday}
          onChange={onBirthdayChange}
          max={latest}
          disabled={underage}
          errorMessage={shownError ? <AuthMessageText message={shownError} linkTo="/" /> : null}
          helperText={t('birthday.explanation')}
          inputRef={birthdayRef}
          autoFocus
        />
        <button type="submit" className="button button--primary button--full" disabled={underage}>
          {t('birthday.submit')}
        </button>
      </form>
      <TermsText />
    </div>
  );
}
