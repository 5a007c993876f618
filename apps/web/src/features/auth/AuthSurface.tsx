// The root of every lazily loaded auth surface (the modal, the auth pages, the soft-ban dialog):
// adds the auth catalogue and a toast region inside the surface.
import './auth.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ToastProvider } from '../../ui/Toast.tsx';
import { AUTH_NAMESPACE, ensureAuthCatalogue } from './authCatalogue.ts';

export function AuthSurface({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  // Synchronous and idempotent, so it can run while rendering: the children's
  // useTranslation('auth') below must find the namespace on their first render.
  ensureAuthCatalogue(i18n);
  return <AuthToasts>{children}</AuthToasts>;
}

function AuthToasts({ children }: { children: ReactNode }) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  return <ToastProvider label={t('common.notifications')}>{children}</ToastProvider>;
}
