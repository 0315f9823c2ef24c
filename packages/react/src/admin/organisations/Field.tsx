import type { ReactNode } from 'react';
import * as a from '../admin.css';

/**
 * A labelled input with its hint and, when the server refused it, its message: announced, and
 * tied to the input with aria-describedby so a screen reader reads it with the field.
 */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  children: (props: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={a.field}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': described || undefined })}
      {hint ? (
        <p id={`${id}-hint`} className={a.small}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={a.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A Field of one text input, as the console's forms type addresses, ids, domains and secrets: no
 * spell check, and a secret (`type="password"`) never autofilled.
 */
export function TextField({
  value,
  onValue,
  type = 'text',
  ...field
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  value: string;
  onValue: (value: string) => void;
  type?: 'text' | 'url' | 'password';
}) {
  return (
    <Field {...field}>
      {(p) => (
        <input
          {...p}
          className={a.input}
          type={type}
          autoComplete={type === 'password' ? 'new-password' : undefined}
          value={value}
          onChange={(e) => onValue(e.target.value)}
          spellCheck={false}
        />
      )}
    </Field>
  );
}
