// /settings/profile/ (issue 9 "Account settings"; docs/decisions/148): photo, name, about,
// website and username. A new photo is uploaded through the media pipeline first (its limits
// and quota apply) and becomes the avatar when the form is saved; the server deletes the old
// one. The username follows the sign-up rules; the server's refusal shows under the field.
import { ABOUT_MAX_LENGTH, type ProfileSettings } from '@corkboard/shared/auth/settings';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_NAMESPACE } from '../../i18n/settingsCatalogue.ts';
import { ErrorState, LoadingState } from '../../ui/PageStates.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useProfileSettings, useUpdateProfile, useUploadAvatar } from './hooks.ts';
import { failureOf, type SettingsFailure } from './settingsErrors.ts';
import { SettingsMessages } from './SettingsMessages.tsx';

export function ProfileSettingsPage() {
  const profile = useProfileSettings();
  if (profile.isPending) return <LoadingState />;
  if (profile.isError) return <ErrorState onRetry={() => profile.refetch()} />;
  return <ProfileForm profile={profile.data} />;
}

type Avatar =
  { kind: 'keep' } | { kind: 'new'; uploadId: string; preview: string } | { kind: 'remove' };

function ProfileForm({ profile }: { profile: ProfileSettings }) {
  const { t } = useTranslation(SETTINGS_NAMESPACE);
  const update = useUpdateProfile();
  const upload = useUploadAvatar();
  const fileInput = useRef<HTMLInputElement>(null);
  const [firstName, setFirstName] = useState(profile.first_name);
  const [lastName, setLastName] = useState(profile.last_name);
  const [about, setAbout] = useState(profile.about);
  const [website, setWebsite] = useState(profile.website_url ?? '');
  const [username, setUsername] = useState(profile.username);
  const [avatar, setAvatar] = useState<Avatar>({ kind: 'keep' });
  const [failure, setFailure] = useState<SettingsFailure | null>(null);
  const [status, setStatus] = useState('');

  const photo =
    avatar.kind === 'new'
      ? avatar.preview
      : avatar.kind === 'remove'
        ? null
        : profile.image_medium_url;
  const fieldError = (field: string) => (failure?.field === field ? failure.message : null);

  const choosePhoto = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFailure(null);
    setStatus(t('profile.uploading'));
    upload.mutate(file, {
      onSuccess: (uploadId) => {
        setAvatar({ kind: 'new', uploadId, preview: URL.createObjectURL(file) });
        setStatus('');
      },
      onError: (error) => {
        setStatus('');
        setFailure({ ...failureOf(error, t('common.genericError')), field: 'photo' });
      },
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStatus('');
    if (firstName.trim() === '') {
      setFailure({ message: t('profile.firstNameRequired'), field: 'first_name' });
      return;
    }
    setFailure(null);
    update.mutate(
      {
        first_name: firstName.trim(),
        last_name: lastName.trim(),
        about,
        website_url: website.trim(),
        username: username.trim(),
        ...(avatar.kind === 'new' ? { avatar_media_upload_id: avatar.uploadId } : {}),
        ...(avatar.kind === 'remove' ? { avatar_media_upload_id: null } : {}),
      },
      {
        onSuccess: (saved) => {
          setAvatar({ kind: 'keep' });
          setWebsite(saved.website_url ?? '');
          setStatus(t('common.saved'));
        },
        onError: (error) => setFailure(failureOf(error, t('common.genericError'))),
      },
    );
  };

  const generalError =
    failure &&
    !['first_name', 'last_name', 'about', 'website_url', 'username', 'photo'].includes(
      failure.field ?? '',
    )
      ? failure.message
      : null;

  return (
    <section className="settings-page" aria-labelledby="settings-profile-heading">
      <h1 id="settings-profile-heading" className="heading heading--md">
        {t('profile.heading')}
      </h1>
      <p>{t('profile.intro')}</p>
      <SettingsMessages status={status} error={generalError} />
      <form className="settings-form" noValidate onSubmit={submit}>
        <fieldset className="settings-photo">
          <legend className="field__label">{t('profile.photo')}</legend>
          {photo ? (
            <img
              className="settings-photo__image"
              src={photo}
              alt={t('profile.photoAlt')}
              width={75}
              height={75}
            />
          ) : (
            <p className="settings-photo__empty">{t('profile.noPhoto')}</p>
          )}
          <input
            ref={fileInput}
            id="settings-profile-photo"
            className="visually-hidden"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            tabIndex={-1}
            aria-hidden="true"
            onChange={choosePhoto}
          />
          <button
            type="button"
            className="button button--secondary"
            disabled={upload.isPending}
            onClick={() => fileInput.current?.click()}
          >
            {t('profile.change')}
          </button>
          {photo ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setAvatar({ kind: 'remove' })}
            >
              {t('profile.remove')}
            </button>
          ) : null}
          {fieldError('photo') ? (
            <p role="alert" className="settings-page__error">
              {fieldError('photo')}
            </p>
          ) : null}
        </fieldset>
        <TextField
          id="settings-profile-first-name"
          name="first_name"
          label={t('profile.firstName')}
          autoComplete="given-name"
          value={firstName}
          onChange={setFirstName}
          errorMessage={fieldError('first_name')}
        />
        <TextField
          id="settings-profile-last-name"
          name="last_name"
          label={t('profile.lastName')}
          autoComplete="family-name"
          value={lastName}
          onChange={setLastName}
          errorMessage={fieldError('last_name')}
        />
        <div className="field">
          <label className="field__label" htmlFor="settings-profile-about">
            {t('profile.about')}
          </label>
          <textarea
            id="settings-profile-about"
            name="about"
            className="field__input settings-form__textarea"
            value={about}
            maxLength={ABOUT_MAX_LENGTH}
            rows={4}
            aria-describedby="settings-profile-about-helper"
            onChange={(event) => setAbout(event.target.value)}
          />
          <p id="settings-profile-about-helper" className="field__helper">
            {t('profile.aboutHelp', { max: ABOUT_MAX_LENGTH })}
          </p>
        </div>
        <TextField
          id="settings-profile-website"
          name="website_url"
          label={t('profile.website')}
          autoComplete="url"
          value={website}
          onChange={setWebsite}
          helperText={t('profile.websiteHelp')}
          errorMessage={fieldError('website_url')}
        />
        <TextField
          id="settings-profile-username"
          name="username"
          label={t('profile.username')}
          autoComplete="username"
          value={username}
          onChange={setUsername}
          helperText={t('profile.usernameHelp', { username: username.trim() })}
          errorMessage={fieldError('username')}
        />
        <div className="settings-form__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={update.isPending || upload.isPending}
          >
            {update.isPending ? t('common.saving') : t('common.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
