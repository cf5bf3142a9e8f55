import type { UseMutationResult } from '../../../lib/query';
import { useState } from 'react';
import { FormAlert, TextField } from '../../../components/form-field';
import { StatusIndicator } from '../../../components/status-indicator';
import { WriteForm } from '../../../components/write-form';
import { noFormErrors, toFormErrors, type FormErrors } from '../../../lib/form-errors';
import { useT } from '../../../i18n/translator';

/**
 * One address in, a mailed link out (a registration link, a reset link): the form, then what was sent
 * and a way to send to another address.
 */
export function EmailLinkForm({
  send,
  lead,
  submitLabel,
  sentMessage,
  againLabel,
}: {
  send: UseMutationResult<unknown, Error, { email: string }>;
  lead: string;
  submitLabel: string;
  sentMessage: (email: string) => string;
  againLabel: string;
}) {
  const t = useT();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [errors, setErrors] = useState<FormErrors>(noFormErrors);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setErrors(noFormErrors);
    send.mutate(
      { email: email.trim() },
      {
        onSuccess: () => setSentTo(email.trim()),
        onError: (error) => setErrors(toFormErrors(t, error, ['email'])),
      },
    );
  };

  if (sentTo) {
    return (
      <div className="form">
        <StatusIndicator status="success" message={sentMessage(sentTo)} />
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            setSentTo(null);
            send.reset();
          }}
        >
          {againLabel}
        </button>
      </div>
    );
  }
  return (
    <WriteForm className="form" onSubmit={onSubmit}>
      <p className="muted">{lead}</p>
      {errors.message ? <FormAlert failure={errors}>{errors.message}</FormAlert> : null}
      <TextField
        label={t('auth.email')}
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        errors={errors.fields.email}
        required
        autoFocus
      />
      <button type="submit" className="button button--primary button--block" disabled={send.isPending}>
        {send.isPending ? <span className="spinner" aria-hidden="true" /> : null}
        {submitLabel}
      </button>
    </WriteForm>
  );
}
