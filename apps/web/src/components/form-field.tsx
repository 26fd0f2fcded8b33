import type { ReactNode } from 'react';

/** The id of a field's message, for `aria-describedby` (undefined while there is none). */
export const fieldErrorId = (id: string, error: string | undefined) =>
  error ? `${id}-error` : undefined;

/**
 * A labelled field with an optional hint and its message under it. The label points at the
 * control with `htmlFor` = `id`; give the control `aria-describedby={fieldErrorId(id, error)}`
 * (through `useFieldAria` for antd-mobile's Input and TextArea).
 */
export function FormField({
  id,
  label,
  hint,
  error,
  required = false,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
      <label htmlFor={id} className="form-field__label">
        {label}
        {required && (
          <span aria-hidden className="form-field__required">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {hint && <p className="form-field__hint">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
