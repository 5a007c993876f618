// auth.md §2/§4: signing up with an email that has an account ends here.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { recoveryPath } from './links.ts';
import { AuthMark, AuthTitle } from './ViewParts.tsx';

export function EmailAlreadyExistView({
  headingId,
  email,
  onLogIn,
}: {
  headingId: string;
  email: string;
  onLogIn: () => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <div className="auth__view">
      <AuthMark />
      <AuthTitle id={headingId}>{t('emailExists.title')}</AuthTitle>
      <p className="auth__subtitle">{t('emailExists.text', { email: email.trim() })}</p>
      <div className="auth__form">
        <button
          type="button"
          className="button button--primary button--full"
          onClick={onLogIn}
          data-autofocus=""
        >
          {t('emailExists.logIn')}
        </button>
        <Link to={recoveryPath(email)} className="button button--secondary button--full">
          {t('emailExists.reset')}
        </Link>
      </div>
    </div>
  );
}
