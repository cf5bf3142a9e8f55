import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import { FormAlert, TextAreaField, TextField } from '../../components/form-field';
import { ProgressBar } from '../../components/progress-bar';
import { useRegister } from '../../features/auth/api/register';
import { AvatarPicker } from '../../features/profile/components/avatar-picker';
import { noFormErrors, toFormErrors, type FormErrors } from '../../lib/form-errors';
import { useTexts } from '../../i18n/uz';
import { WriteForm } from '../../components/write-form';
import { privateHead } from '../../lib/head';
import type { Page } from '../route';

const empty = {
  username: '',
  firstname: '',
  lastname: '',
  password: '',
  description: '',
  skills: '',
  githubProfile: '',
  telegramProfile: '',
};

/** Registration, step 2: opened from the emailed link with `?email=&token=`. */
export function RegisterRoute() {
  const uz = useTexts();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const register = useRegister();
  const [values, setValues] = useState(empty);
  const [image, setImage] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<FormErrors>(noFormErrors);

  if (!email || !token) {
    return (
      <div className="container page page--form">
        <div className="panel form-card">
          <h1>{uz.auth.missingLinkTitle}</h1>
          <p>{uz.auth.missingLink}</p>
          <Link to="/auth/register/emailverification" className="button button--primary">
            {uz.auth.goVerify}
          </Link>
          <p className="form-foot">
            {uz.auth.haveAccount} <Link to="/auth/login">{uz.auth.loginLink}</Link>
          </p>
        </div>
      </div>
    );
  }

  const set =
    (name: keyof typeof empty) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues((old) => ({ ...old, [name]: event.target.value }));

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setErrors(noFormErrors);
    const form = new FormData();
    form.append('email', email);
    for (const [name, value] of Object.entries(values)) form.append(name, value);
    if (image) form.append('image', image);
    setProgress(image ? 0 : null);
    register.mutate(
      { token, form, onProgress: image ? setProgress : undefined },
      {
        onSuccess: () => navigate('/profile', { replace: true, state: { notice: uz.auth.registered } }),
        onError: (error) => {
          setErrors(toFormErrors(uz, error, [...Object.keys(empty), 'email', 'image']));
          setProgress(null);
        },
      },
    );
  };

  const tokenProblem =
    errors.fields.token ?? (errors.message && !Object.keys(errors.fields).length ? [errors.message] : null);

  return (
    <div className="container page page--form">
      <div className="panel form-card">
        <span className="step">{uz.auth.registerStep}</span>
        <h1>{uz.auth.registerTitle}</h1>
        <p className="muted">{uz.auth.registerLead}</p>
        <WriteForm className="form" onSubmit={onSubmit}>
          {errors.message ? (
            <FormAlert failure={errors}>
              <p style={{ margin: 0 }}>{errors.message}</p>
              {tokenProblem ? (
                <p style={{ margin: '6px 0 0' }}>
                  {uz.auth.linkExpired} <Link to="/auth/register/emailverification">{uz.auth.goVerify}</Link>
                </p>
              ) : null}
            </FormAlert>
          ) : null}
          <fieldset>
            <legend>{uz.auth.required}</legend>
            <TextField
              label={uz.auth.email}
              name="email"
              type="email"
              value={email}
              readOnly
              errors={errors.fields.email}
            />
            <TextField
              label={uz.user.username}
              name="username"
              autoComplete="username"
              value={values.username}
              onChange={set('username')}
              errors={errors.fields.username}
              required
              minLength={3}
              maxLength={30}
            />
            <div className="form-row">
              <TextField
                label={uz.user.firstname}
                name="firstname"
                autoComplete="given-name"
                value={values.firstname}
                onChange={set('firstname')}
                errors={errors.fields.firstname}
                required
              />
              <TextField
                label={uz.user.lastname}
                name="lastname"
                autoComplete="family-name"
                value={values.lastname}
                onChange={set('lastname')}
                errors={errors.fields.lastname}
                required
              />
            </div>
            <TextField
              label={uz.auth.password}
              name="password"
              type="password"
              autoComplete="new-password"
              hint={uz.auth.passwordHint}
              value={values.password}
              onChange={set('password')}
              errors={errors.fields.password}
              required
              minLength={8}
            />
          </fieldset>
          <fieldset>
            <legend>{uz.auth.optional}</legend>
            <AvatarPicker file={image} onChange={setImage} errors={errors.fields.image} />
            <TextAreaField
              label={uz.user.about}
              name="description"
              value={values.description}
              onChange={set('description')}
              errors={errors.fields.description}
            />
            <TextField
              label={uz.user.skills}
              name="skills"
              hint={uz.user.skillsHint}
              value={values.skills}
              onChange={set('skills')}
              errors={errors.fields.skills}
            />
            <div className="form-row">
              <TextField
                label={uz.user.github}
                name="githubProfile"
                value={values.githubProfile}
                onChange={set('githubProfile')}
                errors={errors.fields.githubProfile}
              />
              <TextField
                label={uz.user.telegram}
                name="telegramProfile"
                value={values.telegramProfile}
                onChange={set('telegramProfile')}
                errors={errors.fields.telegramProfile}
              />
            </div>
          </fieldset>
          {register.isPending && progress !== null ? (
            <ProgressBar value={progress} label={uz.portfolioForm.uploading(Math.round(progress * 100))} />
          ) : null}
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={register.isPending}
          >
            {register.isPending ? <span className="spinner" aria-hidden="true" /> : null}
            {uz.auth.submitRegister}
          </button>
        </WriteForm>
      </div>
    </div>
  );
}

export const page: Page = { Component: RegisterRoute, head: privateHead((uz) => uz.auth.registerTitle) };
