// One item of the header's account menu (HeaderAuth, AccountSwitcher): a menuitem inside a
// role=none list item, out of the tab order (the menu's arrow keys move between items).
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A link item: goes to `to` and closes the menu. */
export function AccountMenuLink({
  to,
  onClick,
  children,
}: {
  to: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <li role="none">
      <Link role="menuitem" tabIndex={-1} className="account-menu__item" to={to} onClick={onClick}>
        {children}
      </Link>
    </li>
  );
}

/** A button item (the log-out ones). */
export function AccountMenuButton({
  onClick,
  disabled,
  children,
}: {
  onClick: () => void;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <li role="none">
      <button
        type="button"
        role="menuitem"
        tabIndex={-1}
        className="account-menu__item"
        onClick={onClick}
        disabled={disabled}
      >
        {children}
      </button>
    </li>
  );
}
