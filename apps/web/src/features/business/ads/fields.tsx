// Small form pieces the editor's steps share: a checkbox group (a fieldset whose error is read
// with it) and the error-to-field plumbing. A field's id is derived from the API's dotted path
// (`data.field`), so an answer's error lands under, and focuses, the field that caused it.
import type { ReactNode } from 'react';

/** The server's complaint about one field: its dotted path and the sentence to show. */
export interface FieldError {
  field: string;
  message: string;
}

/** The DOM id of the control for an API field path ('ads.0.destination_url' → 'ads-f-ads-0-destination_url'). */
export function fieldId(field: string): string {
  return `ads-f-${field.replace(/\./g, '-')}`;
}

export type ErrorFor = (field: string) => string | undefined;

export function errorLookup(error: FieldError | null): ErrorFor {
  return (field) => (error !== null && error.field === field ? error.message : undefined);
}

export function FieldMessage({ field, message }: { field: string; message: string | undefined }) {
  if (message === undefined) return null;
  return (
    <p id={`${fieldId(field)}-error`} className="field__error ads-editor__error">
      {message}
    </p>
  );
}

export function CheckboxGroup({
  field,
  legend,
  help,
  options,
  selected,
  onChange,
  error,
  columns = false,
}: {
  field: string;
  legend: string;
  help?: string | undefined;
  options: readonly { value: string; label: string }[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
  error: string | undefined;
  columns?: boolean;
}) {
  const describedBy = [
    error ? `${fieldId(field)}-error` : null,
    help ? `${fieldId(field)}-help` : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset
      className="ads-editor__group"
      aria-describedby={describedBy || undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="field__label">{legend}</legend>
      {help ? (
        <p id={`${fieldId(field)}-help`} className="field__helper">
          {help}
        </p>
      ) : null}
      <div
        className={
          columns ? 'ads-editor__choices ads-editor__choices--grid' : 'ads-editor__choices'
        }
      >
        {options.map((option, index) => {
          const id = index === 0 ? fieldId(field) : `${fieldId(field)}-${option.value}`;
          return (
            <label key={option.value} className="ads-editor__choice" htmlFor={id}>
              <input
                id={id}
                type="checkbox"
                checked={selected.includes(option.value)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...selected, option.value]
                      : selected.filter((value) => value !== option.value),
                  )
                }
              />{' '}
              {option.label}
            </label>
          );
        })}
      </div>
      <FieldMessage field={field} message={error} />
    </fieldset>
  );
}

export function RadioGroup<T extends string>({
  field,
  legend,
  options,
  value,
  onChange,
  error,
  note,
}: {
  field: string;
  legend: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (next: T) => void;
  error?: string | undefined;
  note?: ReactNode;
}) {
  return (
    <fieldset className="ads-editor__group" aria-invalid={error ? true : undefined}>
      <legend className="field__label">{legend}</legend>
      {note}
      <div className="ads-editor__choices">
        {options.map((option, index) => {
          const id = index === 0 ? fieldId(field) : `${fieldId(field)}-${option.value}`;
          return (
            <label key={option.value} className="ads-editor__choice" htmlFor={id}>
              <input
                id={id}
                type="radio"
                name={fieldId(field)}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
              />{' '}
              {option.label}
            </label>
          );
        })}
      </div>
      <FieldMessage field={field} message={error} />
    </fieldset>
  );
}
