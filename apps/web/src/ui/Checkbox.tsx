import './forms.css';
import type { ReactNode } from 'react';

interface CheckboxProps {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Extra content after the label (a learn-more link); outside the label so it stays a link. */
  after?: ReactNode;
  strong?: boolean;
}

/** A native checkbox (keyboard and screen-reader behaviour for free) styled like Gestalt's. */
export function Checkbox({ id, label, checked, onChange, after, strong = false }: CheckboxProps) {
  return (
    <div className={strong ? 'checkbox checkbox--strong' : 'checkbox'}>
      <input
        id={id}
        type="checkbox"
        className="checkbox__input"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id} className="checkbox__label">
        {label}
      </label>
      {after}
    </div>
  );
}
