// The header's account corner: 'Log in' and 'Sign up' for visitors (they open the auth modal),
// the avatar with an account menu (menu button pattern) for signed-in people.
import type { AuthUser } from '@corkboard/shared/auth/api';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/Avatar.tsx';
import { profilePath } from '../../ui/links.ts';
import { AccountMenuLink } from './AccountMenuItem.tsx';
import { AccountLogoutItems, AccountSwitcherItems } from './AccountSwitcher.tsx';
import { preloadAuth, useAuthModal } from './AuthModalProvider.tsx';
import { useAccountSwitch, useSwitcherAccounts, useViewer } from '../session/hooks.ts';

export function HeaderAuth() {
  const viewer = useViewer();
  // Nothing until we know: a flash of 'Log in' for a signed-in person would be worse.
  if (viewer.isPending) return <div className="site-header__account" aria-hidden="true" />;
  if (viewer.data) return <AccountMenu user={viewer.data} />;
  return <SignedOutButtons />;
}

function SignedOutButtons() {
  const { t } = useTranslation();
  const { openAuth } = useAuthModal();
  const open = (initialView: 'login' | 'signup') =>
    openAuth({
      initialView,
      container: 'home_page',
      signupSource: 'homePage',
      loginSource: 'homePage',
    });
  return (
    <div className="site-header__account" onPointerEnter={preloadAuth} onFocus={preloadAuth}>
      <button type="button" className="button button--primary" onClick={() => open('login')}>
        {t('header.logIn')}
      </button>
      <button type="button" className="button button--secondary" onClick={() => open('signup')}>
        {t('header.signUp')}
      </button>
    </div>
  );
}

function AccountMenu({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const switcher = useAccountSwitch();
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  /** Which item takes focus when the menu opens: the first, the last, or none (mouse). */
  const focusOnOpen = useRef<'first' | 'last' | null>(null);

  const items = () =>
    Array.from(
      menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]:not(:disabled)') ?? [],
    );

  // The switcher and log-out items come with the account list (AccountSwitcher.tsx): the last
  // item is known only then.
  const accountsKnown = !useSwitcherAccounts(open).isPending;
  useEffect(() => {
    if (!open) return;
    const target = focusOnOpen.current;
    if (target === 'last' && !accountsKnown) return;
    focusOnOpen.current = null;
    const list = items();
    if (target === 'first') list[0]?.focus();
    if (target === 'last') list[list.length - 1]?.focus();
  }, [open, accountsKnown]);

  useEffect(() => {
    if (!open) return;
    const closeOnOutside = (event: PointerEvent) => {
      const root = buttonRef.current?.parentElement;
      if (root && event.target instanceof Node && !root.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, [open]);

  const openMenu = (focus: 'first' | 'last' | null) => {
    focusOnOpen.current = focus;
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Escape' && open) {
      // A menu opened with the mouse keeps focus on the button: Esc still closes it.
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      openMenu('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu('last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        move(index + 1);
        break;
      case 'ArrowUp':
        move(index - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(list.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
      default:
        break;
    }
  };

  return (
    <div className="site-header__account account-menu">
      <button
        ref={buttonRef}
        type="button"
        className="account-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('header.accountMenu')}
        // Enter and Space click too (detail 0): from the keyboard, focus goes into the menu.
        onClick={(event) => (open ? close(false) : openMenu(event.detail === 0 ? 'first' : null))}
        onKeyDown={onButtonKeyDown}
      >
        <Avatar user={user} size={32} />
      </button>
      {open ? (
        <ul
          ref={menuRef}
          id={menuId}
          className="account-menu__list"
          role="menu"
          aria-label={t('header.accountMenu')}
          onKeyDown={onMenuKeyDown}
        >
          <AccountMenuLink to={profilePath(user.username)} onClick={() => close(false)}>
            {t('header.yourProfile')}
          </AccountMenuLink>
          <AccountMenuLink to="/business/create" onClick={() => close(false)}>
            {t('header.createBusiness')}
          </AccountMenuLink>
          <AccountMenuLink to="/settings/security/" onClick={() => close(false)}>
            {t('header.settings')}
          </AccountMenuLink>
          {user.is_admin ? (
            <AccountMenuLink to="/admin/" onClick={() => close(false)}>
              {t('header.admin')}
            </AccountMenuLink>
          ) : null}
          <AccountSwitcherItems onClose={() => close(false)} switcher={switcher} />
          <AccountLogoutItems user={user} switcher={switcher} />
        </ul>
      ) : null}
      {switcher.failed ? (
        <p role="alert" className="account-menu__error">
          {t('header.switchFailed')}
        </p>
      ) : null}
    </div>
  );
}
