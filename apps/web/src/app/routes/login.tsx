import { useState } from 'react';
import { Link, useLocation, useNavigate } from '../../lib/router';
import { FormAlert, TextField } from '../../components/form-field';
import { useLogin } from '../../features/auth/api/login';
import { TelegramSignIn } from '../../features/auth/components/telegram-sign-in';
import { noFormErrors, toFormErrors, type FormErrors } from '../../lib/form-errors';
import { useTexts } from '../../i18n/uz';
import { WriteForm } from '../../components/write-form';
import { privateHead } from '../../lib/head';
import type { Page } from '../route';

export function LoginRoute() {
  const uz = useTexts();
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
      onError: (error) => setErrors(toFormErrors(uz, error, ['email', 'password'])),
    });
  };
  const set = (name: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((old) => ({ ...old, [name]: event.target.value }));

  return (
    <div className="container page page--form">
      <div className="panel form-card">
        <h1>{uz.auth.loginTitle}</h1>
        <p className="muted">{uz.auth.loginLead}</p>
        <WriteForm className="form" onSubmit={onSubmit}>
          {errors.message ? <FormAlert failure={errors}>{errors.message}</FormAlert> : null}
          <TextField
            label={uz.auth.emailOrUsername}
            name="email"
            autoComplete="username"
            value={values.email}
            onChange={set('email')}
            errors={errors.fields.email}
            required
            autoFocus
          />
          <TextField
            label={uz.auth.password}
            name="password"
            type="password"
            autoComplete="current-password"
            value={values.password}
            onChange={set('password')}
            errors={errors.fields.password}
            required
          />
          <p className="form-aside">
            <Link to="/auth/forgot-password">{uz.account.forgotLink}</Link>
          </p>
          <button type="submit" className="button button--primary button--block" disabled={login.isPending}>
            {login.isPending ? <span className="spinner" aria-hidden="true" /> : null}
            {uz.auth.submitLogin}
          </button>
        </WriteForm>
        <TelegramSignIn label={uz.telegram.signIn} to={next} />
        <p className="form-foot">
          {uz.auth.noAccount} <Link to="/auth/register/emailverification">{uz.auth.registerLink}</Link>
        </p>
      </div>
    </div>
  );
}

export const page: Page = { Component: LoginRoute, head: privateHead((uz) => uz.auth.loginTitle) };
