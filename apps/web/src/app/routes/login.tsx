import { useState } from 'react';
import { Link, useLocation, useNavigate } from '../../lib/router';
import { FormAlert, TextField } from '../../components/form-field';
import { useLogin } from '../../features/auth/api/login';
import { TelegramSignIn } from '../../features/auth/components/telegram-sign-in';
import { noFormErrors, toFormErrors, type FormErrors } from '../../lib/form-errors';
import { Rich } from '../../i18n/rich';
import { useT } from '../../i18n/translator';
import { WriteForm } from '../../components/write-form';
import { privateHead } from '../../lib/head';
import type { Page } from '../route';

export function LoginRoute() {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const login = useLogin();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<FormErrors>(noFormErrors);

  const next = from && from.startsWith('/') ? from : '/page/1';
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setErrors(noFormErrors);
    login.mutate(values, {
      onSuccess: () => navigate(next, { replace: true }),
      onError: (error) => setErrors(toFormErrors(t, error, ['email', 'password'])),
    });
  };
  const set = (name: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((old) => ({ ...old, [name]: event.target.value }));

  return (
    <div className="container page page--form">
      <div className="panel form-card">
        <h1>{t('auth.loginTitle')}</h1>
        <p className="muted">{t('auth.loginLead')}</p>
        <WriteForm className="form" onSubmit={onSubmit}>
          {errors.message ? <FormAlert failure={errors}>{errors.message}</FormAlert> : null}
          <TextField
            label={t('auth.emailOrUsername')}
            name="email"
            autoComplete="username"
            value={values.email}
            onChange={set('email')}
            errors={errors.fields.email}
            required
            autoFocus
          />
          <TextField
            label={t('auth.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            value={values.password}
            onChange={set('password')}
            errors={errors.fields.password}
            required
          />
          <p className="form-aside">
            <Link to="/auth/forgot-password">{t('account.forgotLink')}</Link>
          </p>
          <button type="submit" className="button button--primary button--block" disabled={login.isPending}>
            {login.isPending ? <span className="spinner" aria-hidden="true" /> : null}
            {t('auth.submitLogin')}
          </button>
        </WriteForm>
        <TelegramSignIn label={t('telegram.signIn')} to={next} />
        <p className="form-foot">
          <Rich text={t('auth.noAccount')} tags={[<Link to="/auth/register/emailverification" />]} />
        </p>
      </div>
    </div>
  );
}

export const page: Page = { Component: LoginRoute, head: privateHead((t) => t('auth.loginTitle')) };
