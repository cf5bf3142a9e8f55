import type { User } from '@portfolio-master/contract';
import { useState } from 'react';
import { FormAlert, TextAreaField, TextField } from '../../../components/form-field';
import { ProgressBar } from '../../../components/progress-bar';
import { noFormErrors, toFormErrors, type FormErrors } from '../../../lib/form-errors';
import { useT } from '../../../i18n/translator';
import { useUpdateMe } from '../api/update-me';
import { AvatarPicker } from './avatar-picker';
import { needsTelegramConfirmation, TelegramConfirm } from '../../auth/components/telegram-confirm';
import { WriteForm } from '../../../components/write-form';
import { CV_FIELDS, cvDraftOf, toCvParts, type CvDraft } from '../cv-draft';
import { EducationFields, ExperienceFields } from './cv-entries';
import { AboutFields, AffiliationFields, WorkFields } from './cv-fields';
import { PinnedPicker } from './pinned-picker';

/** Edits my profile; a failed save keeps every typed value and shows the server's messages by field. */
export function ProfileEditForm({ user, onDone }: { user: User; onDone: (saved: User | null) => void }) {
  const t = useT();
  const update = useUpdateMe();
  const [values, setValues] = useState({
    firstname: user.firstname,
    lastname: user.lastname,
    username: user.username,
    description: user.description,
    skills: user.skills.join(', '),
    githubProfile: user.githubProfile,
    telegramProfile: user.telegramProfile,
    currentPassword: '',
    password: '',
  });
  // Linking Telegram below fills the profile's Telegram link on the server: the field follows it unless it
  // was edited here (what was typed wins).
  const [shownTelegram, setShownTelegram] = useState(user.telegramProfile);
  if (user.telegramProfile !== shownTelegram) {
    setShownTelegram(user.telegramProfile);
    setValues((old) =>
      old.telegramProfile === shownTelegram ? { ...old, telegramProfile: user.telegramProfile } : old,
    );
  }
  const [cv, setCv] = useState<CvDraft>(() => cvDraftOf(user));
  const changeCv = (change: Partial<CvDraft>) => setCv((old) => ({ ...old, ...change }));
  const [emailPublic, setEmailPublic] = useState(user.emailPublic);
  const [image, setImage] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<FormErrors>(noFormErrors);

  const set =
    (name: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues((old) => ({ ...old, [name]: event.target.value }));

  // An account made with Telegram has no password yet: it sets its first one, confirmed by Telegram.
  const hasPassword = user.signIn?.password !== false;
  const save = () => {
    setErrors(noFormErrors);
    const form = new FormData();
    for (const [name, value] of Object.entries(values)) {
      if ((name === 'password' || name === 'currentPassword') && !values.password) continue;
      form.append(name, value);
    }
    form.append('emailPublic', String(emailPublic));
    for (const [name, value] of toCvParts(cv, user)) form.append(name, value);
    if (image) form.append('image', image);
    setProgress(image ? 0 : null);
    update.mutate(
      { form, onProgress: image ? setProgress : undefined },
      {
        onSuccess: (saved) => onDone(saved),
        onError: (error) => {
          if (!needsTelegramConfirmation(error)) {
            setErrors(toFormErrors(t, error, [...Object.keys(values), 'image', ...CV_FIELDS]));
          }
          setProgress(null);
        },
      },
    );
  };
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    save();
  };

  return (
    <WriteForm className="form" onSubmit={onSubmit}>
      <h1>{t('profileEdit.title')}</h1>
      {errors.message ? <FormAlert failure={errors}>{errors.message}</FormAlert> : null}
      <AvatarPicker file={image} onChange={setImage} current={user} errors={errors.fields.image} />
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
        label={t('user.username')}
        name="username"
        autoComplete="username"
        value={values.username}
        onChange={set('username')}
        errors={errors.fields.username}
        required
      />
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
      <AboutFields draft={cv} change={changeCv} errors={errors} />
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
      <label className="switch">
        <input
          type="checkbox"
          checked={emailPublic}
          onChange={(event) => setEmailPublic(event.target.checked)}
        />
        {t('user.emailPublic')}
      </label>
      <WorkFields draft={cv} change={changeCv} errors={errors} />
      <ExperienceFields
        entries={cv.experience}
        onChange={(experience) => changeCv({ experience })}
        errors={errors}
      />
      <EducationFields
        entries={cv.education}
        onChange={(education) => changeCv({ education })}
        errors={errors}
      />
      <AffiliationFields draft={cv} change={changeCv} errors={errors} user={user} />
      <PinnedPicker
        user={user}
        pinned={cv.pinned}
        onChange={(pinned) => changeCv({ pinned })}
        errors={errors}
      />
      <fieldset>
        <legend>{hasPassword ? t('profileEdit.passwordSection') : t('telegram.setPassword')}</legend>
        <p className="field__hint">
          {hasPassword ? t('profileEdit.passwordLead') : t('telegram.setPasswordLead')}
        </p>
        <div className="form-row">
          {hasPassword ? (
            <TextField
              label={t('profileEdit.currentPassword')}
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              value={values.currentPassword}
              onChange={set('currentPassword')}
              errors={errors.fields.currentPassword}
            />
          ) : null}
          <TextField
            label={t('profileEdit.newPassword')}
            name="password"
            type="password"
            autoComplete="new-password"
            hint={t('auth.passwordHint')}
            value={values.password}
            onChange={set('password')}
            errors={errors.fields.password}
            minLength={8}
          />
        </div>
        <TelegramConfirm failure={update.error} retry={save} />
      </fieldset>
      {update.isPending && progress !== null ? (
        <ProgressBar
          value={progress}
          label={t('portfolioForm.uploading', { percent: Math.round(progress * 100) })}
        />
      ) : null}
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={update.isPending}>
          {update.isPending ? <span className="spinner" aria-hidden="true" /> : null}
          {t('profileEdit.save')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => onDone(null)}
          disabled={update.isPending}
        >
          {t('profileEdit.cancel')}
        </button>
      </div>
    </WriteForm>
  );
}
