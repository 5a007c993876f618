// A labelled text input in Gestalt's TextField style. Helper and error text are tied to the
// input with aria-describedby, and an error sets aria-invalid, so a screen reader reads the
// problem when the field is focused.
import './forms.css';
import type { ReactNode, Ref } from 'react';

export interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: (() => void) | undefined;
  type?: 'text' | 'email' | 'password' | 'date';
  name?: string;
  autoComplete?: string;
  placeholder?: string | undefined;
  helperText?: ReactNode;
  errorMessage?: ReactNode;
  /** Shown under the error/helper text (e.g. the email typo hint). */
  after?: ReactNode;
  disabled?: boolean;
  /** Marks the field as the one a dialog focuses first. */
  autoFocus?: boolean;
  min?: string | undefined;
  max?: string | undefined;
  inputRef?: Ref<HTMLInputElement> | undefined;
  /** Announces the error as it appears (role=alert): for a form whose only field it is. */
  errorIsAlert?: boolean;
}

export function TextField({
  id,
  label,
  value,
  onChange,
  onBlur,
  type = 'text',
  name,
  autoComplete,
  placeholder,
  helperText,
  errorMessage,
  after,
  disabled = false,
  autoFocus = false,
  min,
  max,
  inputRef,
  errorIsAlert = false,
}: TextFieldProps) {
  const errorId = `${id}-error`;
  const helperId = `${id}-helper`;
  const describedBy = [errorMessage ? errorId : null, helperText ? helperId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        name={name ?? id}
        className="field__input"
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        autoComplete={autoComplete}
        placeholder={placeholder}
        disabled={disabled}
        min={min}
        max={max}
        aria-invalid={errorMessage ? true : undefined}
        aria-describedby={describedBy || undefined}
        data-autofocus={autoFocus ? '' : undefined}
      />
      {errorMessage ? (
        <p id={errorId} className="field__error" role={errorIsAlert ? 'alert' : undefined}>
          {errorMessage}
        </p>
      ) : null}
      {helperText ? (
        <p id={helperId} className="field__helper">
          {helperText}
        </p>
      ) : null}
      {after}
    </div>
  );
}
