import { NOTIFICATION_KINDS, type NotificationSettings } from '@portfolio-master/contract';
import { useId, useState } from 'react';
import { StatusIndicator } from '../../../components/status-indicator';
import { errorMessage } from '../../../lib/api-client';
import { useTexts } from '../../../i18n/uz';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notifications';

/** Which notifications also come by mail: saved as each box is ticked. */
export function NotificationSettingsSection() {
  const uz = useTexts();
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
        {uz.notifications.settingsSection}
      </h2>
      <p className="muted">{uz.notifications.settingsLead}</p>
      {email ? (
        <fieldset className="checks">
          <legend className="visually-hidden">{uz.notifications.settingsSection}</legend>
          {NOTIFICATION_KINDS.map((kind) => (
            <label key={kind} className="check">
              <input
                type="checkbox"
                name={`email-${kind}`}
                checked={email[kind]}
                onChange={(event) => toggle(kind, event.target.checked)}
              />
              {uz.notifications.kinds[kind]}
            </label>
          ))}
        </fieldset>
      ) : settings.isError ? (
        <StatusIndicator status="error" message={errorMessage(uz, settings.error)} />
      ) : null}
      {save.isSuccess ? (
        <p className="muted" role="status">
          {uz.notifications.settingsSaved}
        </p>
      ) : null}
      {save.isError ? (
        <p className="field__error" role="alert">
          {errorMessage(uz, save.error)}
        </p>
      ) : null}
    </section>
  );
}
