// The business bar under the site header (business.md §2.5, §4.2): shown when the viewer has
// several profiles (their own and at least one business), with the 'Acting as' switcher. The
// choice and whether the bar is shown are kept in browser storage (activeProfile.ts). Acting
// applies only with OWNER or the MFA requirement (§6): other profiles are listed but disabled.
import './business.css';
import type { BusinessAccessProfile } from '@corkboard/shared/business/api';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BUSINESS_NAMESPACE, ensureBusinessCatalogue } from '../../i18n/businessCatalogue.ts';
import { useActiveProfile, writeActiveProfile } from './activeProfile.ts';
import { useBusinessProfiles } from './hooks.ts';
import { businessMembersPath, businessSsoPath } from './paths.ts';

const OWN_PROFILE = 'own';

/** The business acted as, when the stored choice still names one the viewer may act for. */
export function activeBusiness(
  profiles: readonly BusinessAccessProfile[] | undefined,
  profileId: string | null,
): BusinessAccessProfile | undefined {
  return profiles?.find((profile) => profile.id === profileId && profile.can_act);
}

export function BusinessBar({ viewer }: { viewer: { id: string; username: string } }) {
  const { i18n } = useTranslation();
  ensureBusinessCatalogue(i18n);
  const { t } = useTranslation(BUSINESS_NAMESPACE);
  const profiles = useBusinessProfiles();
  const choice = useActiveProfile(viewer.id);
  // The viewer's own account may itself be a business: it is the "own" entry already.
  const others = (profiles.data ?? []).filter((profile) => profile.id !== viewer.id);
  if (others.length === 0) return null;
  const active = activeBusiness(others, choice.profileId);

  if (!choice.visible) {
    return (
      <button
        type="button"
        className="button button--secondary business-bar__toggle"
        onClick={() => writeActiveProfile({ ...choice, visible: true })}
      >
        {t('acting.show')}
      </button>
    );
  }
  const manages = active?.permissions.some((p) => p === 'OWNER' || p === 'ADMIN') ?? false;
  return (
    <section className="business-bar" aria-label={t('acting.region')}>
      <div className="field">
        <label className="field__label" htmlFor="business-bar-acting">
          {t('acting.label')}
        </label>
        <select
          id="business-bar-acting"
          className="field__input"
          value={active?.id ?? OWN_PROFILE}
          onChange={(event) =>
            writeActiveProfile({
              ...choice,
              profileId: event.target.value === OWN_PROFILE ? null : event.target.value,
            })
          }
        >
          <option value={OWN_PROFILE}>{t('acting.personal', { name: viewer.username })}</option>
          {others.map((profile) => (
            <option key={profile.id} value={profile.id} disabled={!profile.can_act}>
              {profile.can_act
                ? profile.user.businessName
                : t('acting.needsMfa', { name: profile.user.businessName })}
            </option>
          ))}
        </select>
      </div>
      {active && manages ? (
        <>
          <Link className="button button--secondary" to={businessMembersPath(active.id)}>
            {t('acting.manage')}
          </Link>
          <Link className="button button--secondary" to={businessSsoPath(active.id)}>
            {t('acting.sso')}
          </Link>
        </>
      ) : null}
      <button
        type="button"
        className="button button--secondary"
        onClick={() => writeActiveProfile({ ...choice, visible: false })}
      >
        {t('acting.hide')}
      </button>
    </section>
  );
}
