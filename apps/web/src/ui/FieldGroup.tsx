// A run of text fields over one values object (a form's state keyed by field): each field's id,
// name, value, change and error come from its key, so a form lists only what differs per field
// (label, help, type). Renders the same TextFields a form would write out one by one.
import type { ReactNode, Ref } from 'react';
import { TextField, type TextFieldProps } from './TextField.tsx';

export type FieldSpec<Field extends string> = { name: Field } & Pick<
  TextFieldProps,
  'label' | 'helperText' | 'type' | 'autoComplete' | 'placeholder'
>;

interface FieldGroupProps<Field extends string> {
  /** In page order. */
  fields: readonly FieldSpec<Field>[];
  values: Readonly<Record<Field, string>>;
  errors: Readonly<Partial<Record<Field, ReactNode>>>;
  onChange: (field: Field, value: string) => void;
  /** Each input's id (the form focuses the first field in error by it). */
  fieldId: (field: Field) => string;
  /** Given to the first field's input. */
  firstFieldRef?: Ref<HTMLInputElement> | undefined;
}

export function FieldGroup<Field extends string>({
  fields,
  values,
  errors,
  onChange,
  fieldId,
  firstFieldRef,
}: FieldGroupProps<Field>) {
  return (
    <>
      {fields.map(({ name, ...shown }, index) => (
        <TextField
          key={name}
          {...shown}
          id={fieldId(name)}
          name={name}
          value={values[name]}
          onChange={(value) => onChange(name, value)}
          errorMessage={errors[name]}
          inputRef={index === 0 ? firstFieldRef : undefined}
        />
      ))}
    </>
  );
}
