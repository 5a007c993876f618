// auth.md §2 "Email collection": 'What's your email address?' with Continue and 'Not now'; the
// text says the account cannot be created without an e-mail (a social sign-up whose provider
// gave none). 'Not now' goes back to sign-up with the e-mail kept (auth.md §4).
import { useId, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui/TextField.tsx';
import { AuthMessageText } from './AuthMessageText.tsx';
import type { AuthMessage } from './authErrors.ts';
import { AuthMark, AuthTitle } from './ViewParts.tsx';

interface EmailCollectionStepProps {
  headingId: string;
  email: string;
  onEmailChange: (value: string) => void;
  error: AuthMessage | undefined;
  onSubmit: () => void;
  onNotNow: () => void;
  emailRef: RefObject<HTMLInputElement | null>;
}

export function EmailCollectionStep({
  headingId,
  email,
  onEmailChange,
  error,
  onSubmit,
  onNotNow,
  emailRef,
}: EmailCollectionStepProps) {
  const { t } = useTranslation('auth');
  const fieldId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <div className="auth__view">
      <AuthMark />
      <AuthTitle id={headingId}>{t('emailCollection.title')}</AuthTitle>
      <p className="auth__subtitle">{t('emailCollection.text')}</p>
      <form className="auth__form" noValidate onSubmit={submit}>
        <TextField
          id={`${fieldId}-email`}
          name="email"
          type="email"
          label={t('fields.email')}
          placeholder={t('fields.email')}
          autoComplete="email"
          value={email}
          onChange={onEmailChange}
          errorMessage={error ? <AuthMessageText message={error} linkTo="/" /> : null}
          inputRef={emailRef}
          autoFocus
        />
        <button type="submit" className="button button--primary button--full">
          {t('emailCollection.continue')}
        </button>
        <button type="button" className="button button--full" onClick={onNotNow}>
          {t('emailCollection.notNow')}
        </button>
      </form>
    </div>
  );
}
