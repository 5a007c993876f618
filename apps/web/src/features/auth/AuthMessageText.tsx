import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { richText } from '../../ui/richText.tsx';
import type { AuthMessage } from './authErrors.ts';

/** The sentence of an AuthMessage; `<link>` in it (the reset-your-password link) goes to `linkTo`. */
export function AuthMessageText({ message, linkTo }: { message: AuthMessage; linkTo: string }) {
  const { t } = useTranslation('auth');
  if ('text' in message) return <>{message.text}</>;
  const text = t(message.key, message.values ?? {});
  return (
    <>
      {richText(text, {
        link: (children) => (
          <Link to={linkTo} className="text-link">
            {children}
          </Link>
        ),
      })}
    </>
  );
}

/** Plain text for toasts (no links). */
export function useAuthMessageString(): (message: AuthMessage) => string {
  const { t } = useTranslation('auth');
  return (message) =>
    'text' in message
      ? message.text
      : t(message.key, message.values ?? {}).replace(/<\/?[a-zA-Z]+>/g, '');
}
