import type { NotificationKind, NotificationSettings } from '@portfolio-master/contract';
import { NOTIFICATION_KINDS } from '@portfolio-master/contract/constants';
import type { MessageKey } from '@portfolio-master/i18n';
import { useId, useState } from 'react';
import { StatusIndicator } from '../../../components/status-indicator';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../i18n/translator';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notifications';

/** Each kind of notification as a mail setting names it. */
export const NOTIFICATION_KIND_NAMES = {
  comment: 'notifications.kinds.comment',
  like: 'notifications.kinds.like',
  reply: 'notifications.kinds.reply',
  post: 'notifications.kinds.post',
} as const satisfies Record<NotificationKind, MessageKey>;

/** Which notifications also come by mail: saved as each box is ticked. */
export function NotificationSettingsSection() {
  const t = useT();
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const headingId = useId();
  // Ticked at once; put back if the server refuses.
  const [chosen, setChosen] = useState<NotificationSettings['email'] | null>(null);
  const email = chosen ?? settings.data?.email;
  const toggle = (kind: keyof NotificationSettings['email'], on: boolean) => {
    if (!email) return;
    const next = { ...email, [kind]: on };
    setChosen(next);
    save.mutate({ email: next }, { onError: () => setChosen(null) });
  };
  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 className="section-title" id={headingId}>
        {t('notifications.settingsSection')}
      </h2>
      <p className="muted">{t('notifications.settingsLead')}</p>
      {email ? (
        <fieldset className="checks">
          <legend className="visually-hidden">{t('notifications.settingsSection')}</legend>
          {NOTIFICATION_KINDS.map((kind) => (
            <label key={kind} className="check">
              <input
                type="checkbox"
                name={`email-${kind}`}
                checked={email[kind]}
                onChange={(event) => toggle(kind, event.target.checked)}
              />
              {t(NOTIFICATION_KIND_NAMES[kind])}
            </label>
          ))}
        </fieldset>
      ) : settings.isError ? (
        <StatusIndicator status="error" message={errorMessage(t, settings.error)} />
      ) : null}
      {save.isSuccess ? (
        <p className="muted" role="status">
          {t('notifications.settingsSaved')}
        </p>
      ) : null}
      {save.isError ? (
        <p className="field__error" role="alert">
          {errorMessage(t, save.error)}
        </p>
      ) : null}
    </section>
  );
}
