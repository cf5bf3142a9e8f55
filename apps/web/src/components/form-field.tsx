import {
  useEffect,
  useId,
  useRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

/**
 * What went wrong with a submit, at the top of the form. It takes the focus each time a new failure
 * (`failure`, a fresh object per failed submit) arrives, so it scrolls into view and is read out even when
 * the submit button was far below.
 */
export function FormAlert({ failure, children }: { failure: unknown; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, [failure]);
  return (
    <div ref={box} className="form-alert" role="alert" tabIndex={-1}>
      {children}
    </div>
  );
}

/** The server's messages for one field, shown under it and linked to it for screen readers. */
export function FieldErrors({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <ul className="field__errors" id={id} role="alert">
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

interface FieldProps {
  label: string;
  hint?: ReactNode;
  errors?: string[];
  required?: boolean;
}

/** What a field's control is given: its id, and what ties its label, hint and messages to it. */
interface ControlProps {
  id: string;
  required?: boolean;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** A label, a control, a hint and the server's messages for it, tied together for screen readers. */
function Field({
  label,
  hint,
  errors,
  required,
  control,
}: FieldProps & { control: (props: ControlProps) => ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const invalid = Boolean(errors?.length);
  return (
    <div className={`field${invalid ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className={`field__label${required ? ' is-required' : ''}`}>
        {label}
      </label>
      {control({
        id,
        required,
        'aria-invalid': invalid || undefined,
        'aria-describedby':
          [hint ? hintId : '', invalid ? errorId : ''].filter(Boolean).join(' ') || undefined,
      })}
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <FieldErrors id={errorId} messages={errors} />
    </div>
  );
}

export function TextField({
  label,
  hint,
  errors,
  required,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement> & { name: string }) {
  return (
    <Field
      {...{ label, hint, errors, required }}
      control={(control) => <input className="input" {...control} {...input} />}
    />
  );
}

export function TextAreaField({
  label,
  hint,
  errors,
  required,
  ...input
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement> & { name: string }) {
  return (
    <Field
      {...{ label, hint, errors, required }}
      control={(control) => <textarea className="input textarea" {...control} {...input} />}
    />
  );
}

export function SelectField({
  label,
  hint,
  errors,
  required,
  children,
  ...select
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { name: string }) {
  return (
    <Field
      {...{ label, hint, errors, required }}
      control={(control) => (
        <select className="input" {...control} {...select}>
          {children}
        </select>
      )}
    />
  );
}
