import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import { FormAlert, TextAreaField, TextField } from '../../components/form-field';
import { ProgressBar } from '../../components/progress-bar';
import { useRegister } from '../../features/auth/api/register';
import { AvatarPicker } from '../../features/profile/components/avatar-picker';
import { noFormErrors, toFormErrors, type FormErrors } from '../../lib/form-errors';
import { Rich } from '../../i18n/rich';
import { useT } from '../../i18n/translator';
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
  const t = useT();
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
          <h1>{t('auth.missingLinkTitle')}</h1>
          <p>{t('auth.missingLink')}</p>
          <Link to="/auth/register/emailverification" className="button button--primary">
            {t('auth.goVerify')}
          </Link>
          <p className="form-foot">
            <Rich text={t('auth.haveAccount')} tags={[<Link to="/auth/login" />]} />
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
        onSuccess: () => navigate('/profile', { replace: true, state: { notice: t('auth.registered') } }),
        onError: (error) => {
          setErrors(toFormErrors(t, error, [...Object.keys(empty), 'email', 'image']));
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
        <span className="step">{t('auth.registerStep')}</span>
        <h1>{t('auth.registerTitle')}</h1>
        <p className="muted">{t('auth.registerLead')}</p>
        <WriteForm className="form" onSubmit={onSubmit}>
          {errors.message ? (
            <FormAlert failure={errors}>
              <p style={{ margin: 0 }}>{errors.message}</p>
              {tokenProblem ? (
                <p style={{ margin: '6px 0 0' }}>
                  <Rich
                    text={t('auth.linkExpired')}
                    tags={[<Link to="/auth/register/emailverification" />]}
                  />
                </p>
              ) : null}
            </FormAlert>
          ) : null}
          <fieldset>
            <legend>{t('auth.required')}</legend>
            <TextField
              label={t('auth.email')}
              name="email"
              type="email"
              value={email}
              readOnly
              errors={errors.fields.email}
            />
            <TextField
              label={t('user.username')}
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
                label={t('user.firstname')}
                name="firstname"
                autoComplete="given-name"
                value={values.firstname}
                onChange={set('firstname')}
                errors={errors.fields.firstname}
                required
              />
              <TextField
                label={t('user.lastname')}
                name="lastname"
                autoComplete="family-name"
                value={values.lastname}
                onChange={set('lastname')}
                errors={errors.fields.lastname}
                required
              />
            </div>
            <TextField
              label={t('auth.password')}
              name="password"
              type="password"
              autoComplete="new-password"
              hint={t('auth.passwordHint')}
              value={values.password}
              onChange={set('password')}
              errors={errors.fields.password}
              required
              minLength={8}
            />
          </fieldset>
          <fieldset>
            <legend>{t('auth.optional')}</legend>
            <AvatarPicker file={image} onChange={setImage} errors={errors.fields.image} />
            <TextAreaField
              label={t('user.about')}
              name="description"
              value={values.description}
              onChange={set('description')}
              errors={errors.fields.description}
            />
            <TextField
              label={t('user.skills')}
              name="skills"
              hint={t('user.skillsHint')}
              value={values.skills}
              onChange={set('skills')}
              errors={errors.fields.skills}
            />
            <div className="form-row">
              <TextField
                label={t('user.github')}
                name="githubProfile"
                value={values.githubProfile}
                onChange={set('githubProfile')}
                errors={errors.fields.githubProfile}
              />
              <TextField
                label={t('user.telegram')}
                name="telegramProfile"
                value={values.telegramProfile}
                onChange={set('telegramProfile')}
                errors={errors.fields.telegramProfile}
              />
            </div>
          </fieldset>
          {register.isPending && progress !== null ? (
            <ProgressBar
              value={progress}
              label={t('portfolioForm.uploading', { percent: Math.round(progress * 100) })}
            />
          ) : null}
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={register.isPending}
          >
            {register.isPending ? <span className="spinner" aria-hidden="true" /> : null}
            {t('auth.submitRegister')}
          </button>
        </WriteForm>
      </div>
    </div>
  );
}

export const page: Page = { Component: RegisterRoute, head: privateHead((t) => t('auth.registerTitle')) };
