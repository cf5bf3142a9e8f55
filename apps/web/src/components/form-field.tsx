import {
  useEffect,
  useId,
  useRef,
  type InputHTMLAttributes,
  type ReactNode,
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

export function TextField({
  label,
  hint,
  errors,
  required,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement> & { name: string }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const invalid = Boolean(errors?.length);
  return (
    <div className={`field${invalid ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className={`field__label${required ? ' is-required' : ''}`}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={[hint ? hintId : '', invalid ? errorId : ''].filter(Boolean).join(' ') || undefined}
        {...input}
      />
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <FieldErrors id={errorId} messages={errors} />
    </div>
  );
}

export function TextAreaField({
  label,
  hint,
  errors,
  required,
  ...input
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement> & { name: string }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const invalid = Boolean(errors?.length);
  return (
    <div className={`field${invalid ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className={`field__label${required ? ' is-required' : ''}`}>
        {label}
      </label>
      <textarea
        id={id}
        className="input textarea"
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={[hint ? hintId : '', invalid ? errorId : ''].filter(Boolean).join(' ') || undefined}
        {...input}
      />
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <FieldErrors id={errorId} messages={errors} />
    </div>
  );
}
