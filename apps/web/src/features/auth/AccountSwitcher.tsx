// The account menu's switcher (auth.md §2 "/add-account", §3 "Stored account-switcher user";
// ADR 161): the accounts this browser is logged in to, as menu radio items (the active one
// checked), 'Add account' while fewer than the cap are held, and the log-out items (of this
// account, or of all of them once there are several). It lives inside HeaderAuth's menu, whose
// keyboard handling (arrows, Home/End, Escape) covers these items too.
//
// Both parts wait for the account list: they appear together, in one render, below the items the
// menu opened with. Shown at once, 'Log out' sat where the list then pushed it down (or renamed
// it 'Log out of @name' when several accounts are held), so a press that began on it could end
// on 'Add account' or an account row, and nothing happened (a journey's log-out click was lost
// that way; docs/decisions/218).
import type { AuthUser } from '@corkboard/shared/auth/api';
import { ADD_ACCOUNT_PATH, type SwitcherAccount } from '@corkboard/shared/auth/account-switching';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/Avatar.tsx';
import { useSwitcherAccounts, type AccountSwitch } from '../session/hooks.ts';
import { AccountMenuButton, AccountMenuLink } from './AccountMenuItem.tsx';

function SwitcherRow({ account }: { account: SwitcherAccount }) {
  return (
    <span className="account-switcher__row">
      <Avatar
        user={{
          id: account.id,
          username: account.username,
          full_name: account.fullName,
          image_medium_url: account.imageMediumUrl,
        }}
        size={32}
      />
      <span className="account-switcher__names">
        <span className="account-switcher__name">{account.fullName}</span>
        <span className="account-switcher__detail">{account.email ?? `@${account.username}`}</span>
      </span>
    </span>
  );
}

/** The switcher's part of the menu: the accounts group and 'Add account'. */
export function AccountSwitcherItems({
  onClose,
  switcher,
}: {
  onClose: () => void;
  switcher: AccountSwitch;
}) {
  const { t } = useTranslation();
  const accounts = useSwitcherAccounts(true);
  if (accounts.isPending) return null;
  const list = accounts.data?.accounts ?? [];
  const canAdd = accounts.data ? list.length < accounts.data.max : false;
  return (
    <>
      <li role="separator" className="account-menu__separator" />
      {list.length > 0 ? (
        <li role="none">
          <ul role="group" aria-label={t('header.yourAccounts')} className="account-switcher">
            {list.map((account) => (
              <li role="none" key={account.id}>
                <button
                  type="button"
                  role="menuitemradio"
                  aria-checked={account.active}
                  tabIndex={-1}
                  className="account-menu__item account-switcher__item"
                  disabled={switcher.isPending}
                  onClick={() => {
                    if (account.active) onClose();
                    else void switcher.switchTo(account.id);
                  }}
                >
                  <SwitcherRow account={account} />
                </button>
              </li>
            ))}
          </ul>
        </li>
      ) : null}
      {canAdd ? (
        <AccountMenuLink to={ADD_ACCOUNT_PATH} onClick={onClose}>
          {t('header.addAccount')}
        </AccountMenuLink>
      ) : null}
      <li role="separator" className="account-menu__separator" />
    </>
  );
}

/**
 * 'Log out' (of every account when there is one, or when the list could not be read: logging
 * out must always be possible), or 'Log out of @name' and 'Log out of all'. Nothing until the
 * list has answered (see the top of the file).
 */
export function AccountLogoutItems({
  user,
  switcher,
}: {
  user: AuthUser;
  switcher: AccountSwitch;
}) {
  const { t } = useTranslation();
  const accounts = useSwitcherAccounts(true);
  if (accounts.isPending) return null;
  const several = (accounts.data?.accounts.length ?? 0) > 1;
  if (!several) {
    return (
      <AccountMenuButton onClick={() => void switcher.logOutOfAll()} disabled={switcher.isPending}>
        {t('header.logOut')}
      </AccountMenuButton>
    );
  }
  return (
    <>
      <AccountMenuButton
        onClick={() => void switcher.logOutOf(user.id)}
        disabled={switcher.isPending}
      >
        {t('header.logOutOf', { username: user.username })}
      </AccountMenuButton>
      <AccountMenuButton onClick={() => void switcher.logOutOfAll()} disabled={switcher.isPending}>
        {t('header.logOutAll')}
      </AccountMenuButton>
    </>
  );
}
