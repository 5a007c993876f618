// /business/{profileId}/members/: who may work on a business and with which permission
// (docs/decisions/100). Only people whose permissions include manage_members see it; the server
// refuses everyone else and its message is shown as it comes.
import './business.css';
import {
  INVITABLE_PERMISSIONS,
  type BusinessPermission,
} from '@corkboard/shared/business/permissions';
import type { BusinessMember } from '@corkboard/shared/business/api';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { serverMessage } from '../../api/errorMessages.ts';
import { BUSINESS_NAMESPACE, ensureBusinessCatalogue } from '../../i18n/businessCatalogue.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { LoadingState } from '../../ui/PageStates.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import { useBusinessMembers, useBusinessProfiles, useChangeMembers } from './hooks.ts';
import { businessSsoPath } from './paths.ts';
import { SelectField } from './SelectField.tsx';

export function BusinessMembersPage() {
  const { i18n } = useTranslation();
  ensureBusinessCatalogue(i18n);
  const { profileId = '' } = useParams();
  return <Members profileId={profileId} />;
}

function Members({ profileId }: { profileId: string }) {
  const { t, i18n } = useTranslation(BUSINESS_NAMESPACE);
  const members = useBusinessMembers(profileId);
  const profiles = useBusinessProfiles();
  const change = useChangeMembers(profileId);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const name =
    profiles.data?.find((profile) => profile.id === profileId)?.user.businessName ??
    members.data?.members.find((member) => member.is_profile)?.user.full_name ??
    '';
  const title = t('members.title', { name });
  useDocumentTitle(name ? title : undefined);

  if (members.isPending) return <LoadingState />;
  if (!members.data) {
    return (
      <div className="page-state">
        <p className="page-state__message" role="alert">
          {serverMessage(members.error) ?? t('members.genericError')}
        </p>
      </div>
    );
  }

  const run = (
    request: Parameters<typeof change.mutate>[0],
    done: string,
    onSuccess?: () => void,
  ) => {
    setStatus('');
    setError(null);
    change.mutate(request, {
      onSuccess: () => {
        setStatus(done);
        onSuccess?.();
      },
      onError: (failure) => setError(serverMessage(failure) ?? t('members.genericError')),
    });
  };
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const nameOf = (member: BusinessMember) => member.user.full_name || member.user.username;

  return (
    <div className="business-page">
      <h1 className="heading heading--md">{title}</h1>
      <p className="business-page__intro">{t('members.intro')}</p>
      {/* Whoever manages members (OWNER, ADMIN) also manages single sign-on (ADR 190). */}
      <p>
        <Link to={businessSsoPath(profileId)}>{t('members.ssoLink')}</Link>
      </p>
      {error ? (
        <p className="business-alert" role="alert">
          {error}
        </p>
      ) : null}
      <p role="status" className="business-status">
        {status}
      </p>

      <h2 className="heading business-subheading">{t('members.membersHeading')}</h2>
      <ul className="business-list">
        {members.data.members.map((member) => (
          <li key={`${member.user.id}-${String(member.is_profile)}`} className="business-list__row">
            <Avatar user={member.user} size={40} />
            <span className="business-list__who">
              <span>{nameOf(member)}</span>
              <span className="business-list__meta">
                {member.is_profile ? t('members.profileItself') : `@${member.user.username}`}
              </span>
            </span>
            {member.is_profile || member.permissions.includes('OWNER') ? (
              <span>{t('permissions.OWNER')}</span>
            ) : (
              <>
                <SelectField
                  id={`member-${member.user.id}`}
                  label={t('members.changeLabel', { name: nameOf(member) })}
                  value={member.permissions[0] ?? 'ANALYST'}
                  disabled={change.isPending}
                  options={INVITABLE_PERMISSIONS.map((permission) => ({
                    value: permission,
                    label: t(`permissions.${permission}`),
                  }))}
                  onChange={(value) =>
                    run(
                      {
                        kind: 'permissions',
                        userId: member.user.id,
                        permissions: [value as BusinessPermission],
                      },
                      t('members.changed'),
                    )
                  }
                />
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={t('members.removeLabel', { name: nameOf(member) })}
                  disabled={change.isPending}
                  onClick={() =>
                    run(
                      { kind: 'remove', userId: member.user.id },
                      t('members.removed', { name: nameOf(member) }),
                    )
                  }
                >
                  {t('members.remove')}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>

      <h2 className="heading business-subheading">{t('members.invitesHeading')}</h2>
      {members.data.invites.length === 0 ? (
        <p className="business-page__intro">{t('members.noInvites')}</p>
      ) : (
        <ul className="business-list">
          {members.data.invites.map((invite) => (
            <li key={invite.id} className="business-list__row">
              <span className="business-list__who">
                <span>{invite.email}</span>
                <span className="business-list__meta">
                  {invite.permissions.map((p) => t(`permissions.${p}`)).join(', ')} ·{' '}
                  {t('members.expires', { date: dateFormat.format(new Date(invite.expires_at)) })}
                </span>
              </span>
              <button
                type="button"
                className="button button--secondary"
                aria-label={t('members.withdrawLabel', { email: invite.email })}
                disabled={change.isPending}
                onClick={() =>
                  run({ kind: 'withdraw', inviteId: invite.id }, t('members.withdrawn'))
                }
              >
                {t('members.withdraw')}
              </button>
            </li>
          ))}
        </ul>
      )}

      <InviteForm
        busy={change.isPending}
        onInvite={(email, permission, reset) =>
          run(
            { kind: 'invite', email, permissions: [permission] },
            t('members.invited', { email }),
            reset,
          )
        }
      />
    </div>
  );
}

function InviteForm({
  busy,
  onInvite,
}: {
  busy: boolean;
  onInvite: (email: string, permission: BusinessPermission, reset: () => void) => void;
}) {
  const { t } = useTranslation(BUSINESS_NAMESPACE);
  const id = useId();
  const [email, setEmail] = useState('');
  const [permission, setPermission] = useState<BusinessPermission>('ANALYST');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (trimmed) onInvite(trimmed, permission, () => setEmail(''));
  };
  return (
    <form className="business-form" onSubmit={submit} noValidate>
      <h2 className="heading business-subheading">{t('members.inviteHeading')}</h2>
      <TextField
        id={`${id}-email`}
        type="email"
        label={t('members.email')}
        value={email}
        onChange={setEmail}
        autoComplete="off"
      />
      <SelectField
        id={`${id}-permission`}
        label={t('members.permission')}
        value={permission}
        options={INVITABLE_PERMISSIONS.map((value) => ({
          value,
          label: t(`permissions.${value}`),
        }))}
        onChange={(value) => setPermission(value as BusinessPermission)}
      />
      <div className="business-form__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={busy || email.trim() === ''}
        >
          {t('members.invite')}
        </button>
      </div>
    </form>
  );
}
