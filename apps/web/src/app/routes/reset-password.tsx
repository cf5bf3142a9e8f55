import { LIMITS } from '@portfolio-master/contract/constants';
import { useState } from 'react';
import { FormAlert, TextField } from '../../components/form-field';
import { StatusIndicator } from '../../components/status-indicator';
import { WriteForm } from '../../components/write-form';
import { useResetPassword } from '../../features/account/api/account';
import { ApiError } from '../../lib/api-client';
import { noFormErrors, toFormErrors, type FormErrors } from '../../lib/form-errors';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import { useT } from '../../i18n/translator';
import { privateHead } from '../../lib/head';
import type { Page } from '../route';

/** Opened from the mailed link (`?token=`): a new password, then signed in here and nowhere else. */
export function ResetPasswordRoute() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors>(noFormErrors);
  const [linkDead, setLinkDead] = useState(false);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setErrors(noFormErrors);
    reset.mutate(
      { token, password },
      {
        onSuccess: () =>
          navigate('/profile', { replace: true, state: { notice: t('account.passwordReset') } }),
        onError: (error) => {
          if (error instanceof ApiError && error.problem?.code === 'LINK_INVALID') setLinkDead(true);
          setErrors(toFormErrors(t, error, ['password']));
        },
      },
    );
  };

  return (
    <div className="container page page--form">
      <div className="panel form-card">
        <h1>{t('account.resetTitle')}</h1>
        {!token ? (
          <div className="form">
            <StatusIndicator status="error" message={t('account.missingToken')} />
            <Link to="/auth/forgot-password" className="button button--primary">
              {t('account.askAgain')}
            </Link>
          </div>
        ) : (
          <WriteForm className="form" onSubmit={onSubmit}>
            <p className="muted">{t('account.resetLead')}</p>
            {errors.message ? <FormAlert failure={errors}>{errors.message}</FormAlert> : null}
            {linkDead ? (
              <Link to="/auth/forgot-password" className="button button--ghost">
                {t('account.askAgain')}
              </Link>
            ) : null}
            <TextField
              label={t('account.newPassword')}
              name="password"
              type="password"
              autoComplete="new-password"
              minLength={LIMITS.password.min}
              maxLength={LIMITS.password.max}
              hint={t('auth.passwordHint')}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              errors={errors.fields.password}
              required
              autoFocus
            />
            <button type="submit" className="button button--primary button--block" disabled={reset.isPending}>
              {reset.isPending ? <span className="spinner" aria-hidden="true" /> : null}
              {t('account.saveNewPassword')}
            </button>
          </WriteForm>
        )}
      </div>
    </div>
  );
}

export const page: Page = {
  Component: ResetPasswordRoute,
  head: privateHead((t) => t('account.resetTitle')),
};
