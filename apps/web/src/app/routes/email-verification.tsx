import { useState } from 'react';
import { Link } from '../../lib/router';
import { FormAlert, TextField } from '../../components/form-field';
import { StatusIndicator } from '../../components/status-indicator';
import { useSendVerification } from '../../features/auth/api/send-verification';
import { noFormErrors, toFormErrors, type FormErrors } from '../../lib/form-errors';
import { uz } from '../../i18n/uz';
import { WriteForm } from '../../components/write-form';

/** Registration, step 1: the address gets a link that opens step 2 with `?email=&token=`. */
export function EmailVerificationRoute() {
  const send = useSendVerification();
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
        onError: (error) => setErrors(toFormErrors(error, ['email'])),
      },
    );
  };

  return (
    <div className="container page page--form">
      <div className="panel form-card">
        <span className="step">{uz.auth.verifyStep}</span>
        <h1>{uz.auth.verifyTitle}</h1>
        {sentTo ? (
          <div className="form">
            <StatusIndicator status="success" message={uz.auth.sent(sentTo)} />
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                setSentTo(null);
                send.reset();
              }}
            >
              {uz.auth.sendAgain}
            </button>
          </div>
        ) : (
          <WriteForm className="form" onSubmit={onSubmit}>
            <p className="muted">{uz.auth.verifyLead}</p>
            {errors.message ? <FormAlert failure={errors}>{errors.message}</FormAlert> : null}
            <TextField
              label={uz.auth.email}
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
              {uz.auth.sendLink}
            </button>
          </WriteForm>
        )}
        <p className="form-foot">
          {uz.auth.haveAccount} <Link to="/auth/login">{uz.auth.loginLink}</Link>
        </p>
      </div>
    </div>
  );
}
