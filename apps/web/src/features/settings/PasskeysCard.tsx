// The security page's passkeys card (docs/decisions/166): the viewer's passkeys with name, when
// each was added and last used, a form to add one (the browser's own passkey prompt) and, per
// passkey, rename and remove. Adding and removing go through the page's re-authentication
// (`onAdd`, `onRemove`); renaming does not need it.
import type { PasskeyInfo } from '@corkboard/shared/auth/passkeys';
import { PASSKEY_NAME_MAX_LENGTH } from '@corkboard/shared/auth/passkeys';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_NAMESPACE } from '../../i18n/settingsCatalogue.ts';
import { TextField } from '../../ui/TextField.tsx';
import { usePasskeys, useRenamePasskey } from './hooks.ts';

interface PasskeysCardProps {
  /** Whether this browser can make passkeys at all. */
  supported: boolean;
  adding: boolean;
  onAdd: (name: string) => void;
  onRemove: (passkey: PasskeyInfo) => void;
  onError: (error: unknown) => void;
  onStatus: (status: string) => void;
}

export function PasskeysCard({
  supported,
  adding,
  onAdd,
  onRemove,
  onError,
  onStatus,
}: PasskeysCardProps) {
  const { t, i18n } = useTranslation(SETTINGS_NAMESPACE);
  const passkeys = usePasskeys();
  const [name, setName] = useState('');
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onAdd(name);
  };
  const list = passkeys.data?.passkeys ?? [];
  const full = passkeys.data ? list.length >= passkeys.data.max : false;

  return (
    <div className="settings-card">
      <h3 className="settings-card__title">{t('security.passkeys.heading')}</h3>
      <p>{t('security.passkeys.text')}</p>
      {passkeys.isError ? (
        <p role="alert" className="settings-page__error">
          {t('security.genericError')}
        </p>
      ) : null}
      {list.length > 0 ? (
        <ul className="settings-passkeys" aria-label={t('security.passkeys.listLabel')}>
          {list.map((passkey) => (
            <PasskeyItem
              key={passkey.id}
              passkey={passkey}
              added={date(passkey.created_at)}
              lastUsed={passkey.last_used_at ? date(passkey.last_used_at) : null}
              onRemove={() => onRemove(passkey)}
              onError={onError}
              onStatus={onStatus}
            />
          ))}
        </ul>
      ) : passkeys.isSuccess ? (
        <p>{t('security.passkeys.none')}</p>
      ) : null}
      {!supported ? (
        <p>{t('security.passkeys.unsupported')}</p>
      ) : full ? (
        <p>{t('security.passkeys.full', { max: passkeys.data?.max ?? 0 })}</p>
      ) : (
        <form className="settings-card__form" noValidate onSubmit={add}>
          <TextField
            id="settings-passkey-name"
            name="passkey_name"
            label={t('security.passkeys.name')}
            helperText={t('security.passkeys.nameHelp')}
            value={name}
            onChange={(value) => setName(value.slice(0, PASSKEY_NAME_MAX_LENGTH))}
          />
          <button type="submit" className="button button--primary" disabled={adding}>
            {t('security.passkeys.add')}
          </button>
        </form>
      )}
    </div>
  );
}

function PasskeyItem({
  passkey,
  added,
  lastUsed,
  onRemove,
  onError,
  onStatus,
}: {
  passkey: PasskeyInfo;
  added: string;
  lastUsed: string | null;
  onRemove: () => void;
  onError: (error: unknown) => void;
  onStatus: (status: string) => void;
}) {
  const { t } = useTranslation(SETTINGS_NAMESPACE);
  const rename = useRenamePasskey();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const fieldId = `settings-passkey-${passkey.id}-name`;

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    rename.mutate(
      { id: passkey.id, name: name.trim() },
      {
        onSuccess: () => {
          setEditing(false);
          onStatus(t('security.passkeys.renamed'));
        },
        onError,
      },
    );
  };

  return (
    <li className="settings-passkeys__item">
      {editing ? (
        <form className="settings-card__form" noValidate onSubmit={save}>
          <TextField
            id={fieldId}
            name="name"
            label={t('security.passkeys.name')}
            value={name}
            onChange={(value) => setName(value.slice(0, PASSKEY_NAME_MAX_LENGTH))}
            autoFocus
          />
          <div className="settings-dialog__actions">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setName(passkey.name);
                setEditing(false);
              }}
            >
              {t('security.cancel')}
            </button>
            <button
              type="submit"
              className="button button--primary"
              disabled={rename.isPending || name.trim() === ''}
            >
              {t('security.passkeys.save')}
            </button>
          </div>
        </form>
      ) : (
        <>
          <p className="settings-passkeys__name">{passkey.name}</p>
          <p className="settings-passkeys__meta">
            {t('security.passkeys.added', { date: added })}
            {' · '}
            {lastUsed
              ? t('security.passkeys.lastUsed', { date: lastUsed })
              : t('security.passkeys.neverUsed')}
          </p>
          <div className="settings-passkeys__actions">
            <button
              type="button"
              className="button button--secondary"
              aria-label={t('security.passkeys.renameLabel', { name: passkey.name })}
              onClick={() => setEditing(true)}
            >
              {t('security.passkeys.rename')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              aria-label={t('security.passkeys.removeLabel', { name: passkey.name })}
              onClick={onRemove}
            >
              {t('security.passkeys.remove')}
            </button>
          </div>
        </>
      )}
    </li>
  );
}
