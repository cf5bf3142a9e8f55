import type { User } from '@portfolio-master/contract';
import { useId, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { FormAlert, TextField } from '../../../components/form-field';
import { StatusIndicator } from '../../../components/status-indicator';
import { WriteForm } from '../../../components/write-form';
import { errorMessage } from '../../../lib/api-client';
import { noFormErrors, toFormErrors, type FormErrors } from '../../../lib/form-errors';
import { useNavigate } from '../../../lib/router';
import { useT } from '../../../i18n/translator';
import { useTelegramLink } from '../../auth/api/telegram';
import { TelegramButton } from '../../auth/components/telegram-button';
import { needsTelegramConfirmation, TelegramConfirm } from '../../auth/components/telegram-confirm';
import { BlocksSection } from '../../blocks/components/blocks-section';
import { NotificationSettingsSection } from '../../notifications/components/notification-settings';
import { TelegramChatSection } from '../../notifications/components/telegram-chat';
import { useTelegramBotId } from '../../../lib/site-url';
import { useDeleteAccount, useDownloadMyData, useRequestEmailChange } from '../api/account';

/** The password that confirms a sensitive change (an account made with Telegram has none to type). */
function CurrentPasswordField({
  name = 'currentPassword',
  value,
  onChange,
  errors,
}: {
  name?: string;
  value: string;
  onChange: (value: string) => void;
  errors: string[] | undefined;
}) {
  const t = useT();
  return (
    <TextField
      label={t('account.currentPassword')}
      name={name}
      type="password"
      autoComplete="current-password"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      errors={errors}
      required
    />
  );
}

/** Another email address: confirmed through a link mailed there. */
function EmailChange({ user }: { user: User }) {
  const t = useT();
  const change = useRequestEmailChange();
  const headingId = useId();
  const [values, setValues] = useState({ email: '', currentPassword: '' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [errors, setErrors] = useState<FormErrors>(noFormErrors);

  const hasPassword = user.signIn?.password !== false;
  const send = () => {
    setErrors(noFormErrors);
    setSentTo(null);
    const email = values.email.trim();
    change.mutate(
      { email, ...(hasPassword ? { currentPassword: values.currentPassword } : {}) },
      {
        onSuccess: () => {
          setSentTo(email);
          setValues({ email: '', currentPassword: '' });
        },
        onError: (error) => {
          if (!needsTelegramConfirmation(error))
            setErrors(toFormErrors(t, error, ['email', 'currentPassword']));
        },
      },
    );
  };
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    send();
  };

  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 className="section-title" id={headingId}>
        {t('account.emailSection')}
      </h2>
      <p className="muted">
        {user.email ? t('account.emailLead', { email: user.email }) : t('account.noEmailLead')}
      </p>
      <WriteForm className="form" onSubmit={onSubmit}>
        {sentTo ? (
          <StatusIndicator status="success" message={t('account.confirmationSent', { email: sentTo })} />
        ) : null}
        {errors.message ? <FormAlert failure={errors}>{errors.message}</FormAlert> : null}
        <TextField
          label={t('account.newEmail')}
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(event) => setValues((old) => ({ ...old, email: event.target.value }))}
          errors={errors.fields.email}
          required
        />
        {hasPassword ? (
          <CurrentPasswordField
            value={values.currentPassword}
            onChange={(currentPassword) => setValues((old) => ({ ...old, currentPassword }))}
            errors={errors.fields.currentPassword}
          />
        ) : null}
        <TelegramConfirm failure={change.error} retry={send} />
        <div>
          <button type="submit" className="button button--primary" disabled={change.isPending}>
            {change.isPending ? <span className="spinner" aria-hidden="true" /> : null}
            {t('account.sendConfirmation')}
          </button>
        </div>
      </WriteForm>
    </section>
  );
}

/** Everything held about me, as one JSON file. */
function DataDownload() {
  const t = useT();
  const download = useDownloadMyData();
  const headingId = useId();
  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 className="section-title" id={headingId}>
        {t('account.dataSection')}
      </h2>
      <p className="muted">{t('account.dataLead')}</p>
      {download.isSuccess ? (
        <StatusIndicator status="success" message={t('account.downloaded', { name: download.data })} />
      ) : download.isError ? (
        <StatusIndicator status="error" message={errorMessage(t, download.error)} />
      ) : null}
      <button
        type="button"
        className="button button--ghost"
        onClick={() => download.mutate()}
        disabled={download.isPending}
      >
        {download.isPending ? <span className="spinner" aria-hidden="true" /> : null}
        {t('account.download')}
      </button>
    </section>
  );
}

/** Leaving: the password, then a confirmation, then everything goes. */
function AccountDeletion({ user }: { user: User }) {
  const t = useT();
  const navigate = useNavigate();
  const remove = useDeleteAccount(() =>
    navigate('/page/1', { replace: true, state: { notice: t('account.deleted') } }),
  );
  const headingId = useId();
  const [password, setPassword] = useState('');
  const [asking, setAsking] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(noFormErrors);

  const hasPassword = user.signIn?.password !== false;
  const onConfirm = () => {
    remove.mutate(hasPassword ? password : undefined, {
      onError: (error) => {
        setAsking(false);
        if (!needsTelegramConfirmation(error)) setErrors(toFormErrors(t, error, ['currentPassword']));
      },
    });
  };

  return (
    <section className="account-section account-section--danger" aria-labelledby={headingId}>
      <h2 className="section-title" id={headingId}>
        {t('account.deleteSection')}
      </h2>
      <p className="muted">{t('account.deleteLead')}</p>
      <WriteForm
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          setErrors(noFormErrors);
          setAsking(true);
        }}
      >
        {errors.message ? <FormAlert failure={errors}>{errors.message}</FormAlert> : null}
        {hasPassword ? (
          <CurrentPasswordField
            value={password}
            onChange={setPassword}
            errors={errors.fields.currentPassword}
          />
        ) : null}
        <TelegramConfirm failure={remove.error} retry={() => setAsking(true)} />
        <div>
          <button type="submit" className="button button--danger" disabled={remove.isPending}>
            {t('account.deleteButton')}
          </button>
        </div>
      </WriteForm>
      <Dialog
        message={asking ? t('account.deleteConfirm') : null}
        onClose={() => setAsking(false)}
        onCancel={() => setAsking(false)}
        onOk={onConfirm}
        okLabel={t('account.deleteOk')}
        loading={remove.isPending}
        danger
      />
    </section>
  );
}

/**
 * Signing in with Telegram: linked (unlinking is refused while it is the only way in) or not (linking is
 * confirmed with the password, as every sensitive change is).
 */
function TelegramSection({ user }: { user: User }) {
  const t = useT();
  const { link, unlink } = useTelegramLink();
  const headingId = useId();
  const [password, setPassword] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const linked = user.signIn?.telegram === true;
  const hasPassword = user.signIn?.password !== false;
  const botId = useTelegramBotId();
  if (!linked && !botId) return null;
  const failure = link.error ?? unlink.error;
  const busy = link.isPending || unlink.isPending;
  const errors = link.isError ? toFormErrors(t, link.error, ['currentPassword']) : noFormErrors;

  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 className="section-title" id={headingId}>
        {t('telegram.section')}
      </h2>
      <p className="muted">{linked ? t('telegram.linkedLead') : t('telegram.unlinkedLead')}</p>
      {notice ? <StatusIndicator status="success" message={notice} /> : null}
      {failure && !errors.fields.currentPassword ? (
        <StatusIndicator status="error" message={errorMessage(t, failure)} />
      ) : null}
      {linked ? (
        hasPassword ? (
          <div>
            <button
              type="button"
              className="button button--ghost"
              disabled={busy}
              onClick={() => {
                setNotice(null);
                link.reset();
                unlink.mutate(undefined, { onSuccess: () => setNotice(t('telegram.unlinked')) });
              }}
            >
              {unlink.isPending ? <span className="spinner" aria-hidden="true" /> : null}
              {t('telegram.unlink')}
            </button>
          </div>
        ) : (
          <p className="field__hint">{t('telegram.onlyWay')}</p>
        )
      ) : (
        <div className="form">
          <CurrentPasswordField
            name="telegramCurrentPassword"
            value={password}
            onChange={setPassword}
            errors={errors.fields.currentPassword}
          />
          <TelegramButton
            label={t('telegram.link')}
            busy={busy}
            onAuth={(telegram) => {
              setNotice(null);
              unlink.reset();
              link.mutate(
                { telegram, currentPassword: password },
                {
                  onSuccess: () => {
                    setPassword('');
                    setNotice(t('telegram.linked'));
                  },
                },
              );
            }}
          />
        </div>
      )}
    </section>
  );
}

/** The account beyond the profile: its address, its sign-in ways, its data, its end. */
export function AccountSettings({ user }: { user: User }) {
  const t = useT();
  return (
    <section className="panel form-card account-settings" aria-label={t('account.settingsTitle')}>
      {/* An account made with Telegram has no mail to be told by: the bot is offered first. */}
      {user.email ? null : <TelegramChatSection user={user} />}
      <EmailChange user={user} />
      <TelegramSection user={user} />
      <NotificationSettingsSection />
      <BlocksSection />
      {user.email ? <TelegramChatSection user={user} /> : null}
      <DataDownload />
      <AccountDeletion user={user} />
    </section>
  );
}
