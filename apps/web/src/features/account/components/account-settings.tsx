import type { User } from '@portfolio-master/contract';
import { useId, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { FormAlert, TextField } from '../../../components/form-field';
import { StatusIndicator } from '../../../components/status-indicator';
import { WriteForm } from '../../../components/write-form';
import { errorMessage } from '../../../lib/api-client';
import { noFormErrors, toFormErrors, type FormErrors } from '../../../lib/form-errors';
import { useNavigate } from '../../../lib/router';
import { uz } from '../../../i18n/uz';
import { NotificationSettingsSection } from '../../notifications/components/notification-settings';
import { useDeleteAccount, useDownloadMyData, useRequestEmailChange } from '../api/account';

/** Another email address: confirmed through a link mailed there. */
function EmailChange({ user }: { user: User }) {
  const change = useRequestEmailChange();
  const headingId = useId();
  const [values, setValues] = useState({ email: '', currentPassword: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [errors, setErrors] = useState<FormErrors>(noFormErrors);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setErrors(noFormErrors);
    setSentTo(null);
    const email = values.email.trim();
    change.mutate(
      { email, currentPassword: values.currentPassword },
      {
        onSuccess: () => {
          setSentTo(email);
          setValues({ email: '', currentPassword: '' });
        },
        onError: (error) => setErrors(toFormErrors(error, ['email', 'currentPassword'])),
      },
    );
  };

  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 className="section-title" id={headingId}>
        {uz.account.emailSection}
      </h2>
      <p className="muted">{uz.account.emailLead(user.email ?? '')}</p>
      <WriteForm className="form" onSubmit={onSubmit}>
        {sentTo ? <StatusIndicator status="success" message={uz.account.confirmationSent(sentTo)} /> : null}
        {errors.message ? <FormAlert failure={errors}>{errors.message}</FormAlert> : null}
        <TextField
          label={uz.account.newEmail}
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(event) => setValues((old) => ({ ...old, email: event.target.value }))}
          errors={errors.fields.email}
          required
        />
        <TextField
          label={uz.account.currentPassword}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={(event) => setValues((old) => ({ ...old, currentPassword: event.target.value }))}
          errors={errors.fields.currentPassword}
          required
        />
        <div>
          <button type="submit" className="button button--primary" disabled={change.isPending}>
            {change.isPending ? <span className="spinner" aria-hidden="true" /> : null}
            {uz.account.sendConfirmation}
          </button>
        </div>
      </WriteForm>
    </section>
  );
}

/** Everything held about me, as one JSON file. */
function DataDownload() {
  const download = useDownloadMyData();
  const headingId = useId();
  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 className="section-title" id={headingId}>
        {uz.account.dataSection}
      </h2>
      <p className="muted">{uz.account.dataLead}</p>
      {download.isSuccess ? (
        <StatusIndicator status="success" message={uz.account.downloaded(download.data)} />
      ) : download.isError ? (
        <StatusIndicator status="error" message={errorMessage(download.error)} />
      ) : null}
      <button
        type="button"
        className="button button--ghost"
        onClick={() => download.mutate()}
        disabled={download.isPending}
      >
        {download.isPending ? <span className="spinner" aria-hidden="true" /> : null}
        {uz.account.download}
      </button>
    </section>
  );
}

/** Leaving: the password, then a confirmation, then everything goes. */
function AccountDeletion() {
  const navigate = useNavigate();
  const remove = useDeleteAccount(() =>
    navigate('/page/1', { replace: true, state: { notice: uz.account.deleted } }),
  );
  const headingId = useId();
  const [password, setPassword] = useState('');
  const [asking, setAsking] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(noFormErrors);

  const onConfirm = () => {
    remove.mutate(password, {
      onError: (error) => {
        setAsking(false);
        setErrors(toFormErrors(error, ['currentPassword']));
      },
    });
  };

  return (
    <section className="account-section account-section--danger" aria-labelledby={headingId}>
      <h2 className="section-title" id={headingId}>
        {uz.account.deleteSection}
      </h2>
      <p className="muted">{uz.account.deleteLead}</p>
      <WriteForm
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          setErrors(noFormErrors);
          setAsking(true);
        }}
      >
        {errors.message ? <FormAlert failure={errors}>{errors.message}</FormAlert> : null}
        <TextField
          label={uz.account.currentPassword}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          errors={errors.fields.currentPassword}
          required
        />
        <div>
          <button type="submit" className="button button--danger" disabled={remove.isPending}>
            {uz.account.deleteButton}
          </button>
        </div>
      </WriteForm>
      <Dialog
        message={asking ? uz.account.deleteConfirm : null}
        onClose={() => setAsking(false)}
        onCancel={() => setAsking(false)}
        onOk={onConfirm}
        okLabel={uz.account.deleteOk}
        loading={remove.isPending}
        danger
      />
    </section>
  );
}

/** The account beyond the profile: its address, its data, its end. */
export function AccountSettings({ user }: { user: User }) {
  return (
    <section className="panel form-card account-settings" aria-label={uz.account.settingsTitle}>
      <EmailChange user={user} />
      <NotificationSettingsSection />
      <DataDownload />
      <AccountDeletion />
    </section>
  );
}
