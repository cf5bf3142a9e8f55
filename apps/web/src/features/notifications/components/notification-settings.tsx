import type { NotificationKind, NotificationSettings } from '@portfolio-master/contract';
import { NOTIFICATION_KINDS } from '@portfolio-master/contract/constants';
import type { MessageKey } from '@portfolio-master/i18n';
import { useId, useState } from 'react';
import { StatusIndicator } from '../../../components/status-indicator';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../i18n/translator';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notification-settings';

/** Each kind of notification as a mail setting names it. */
export const NOTIFICATION_KIND_NAMES = {
  comment: 'notifications.kinds.comment',
  like: 'notifications.kinds.like',
  reply: 'notifications.kinds.reply',
  mention: 'notifications.kinds.mention',
  post: 'notifications.kinds.post',
} as const satisfies Record<NotificationKind, MessageKey>;

/** One channel's switches (mail or Telegram), each kind saved as its box is ticked, the other channel's left. */
export function useKindSwitches(channel: 'email' | 'telegram') {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  // Ticked at once; put back if the server refuses.
  const [chosen, setChosen] = useState<NotificationSettings[typeof channel] | null>(null);
  const switches = chosen ?? settings.data?.[channel];
  const toggle = (kind: NotificationKind, on: boolean) => {
    if (!switches) return;
    const next = { ...switches, [kind]: on };
    setChosen(next);
    const body = channel === 'email' ? { email: next } : { email: settings.data!.email, telegram: next };
    save.mutate(body, { onError: () => setChosen(null) });
  };
  return { settings, save, switches, toggle };
}

/** A box per kind of notification, named `<channel>-<kind>`. */
export function KindSwitches({
  channel,
  legend,
  legendHidden = false,
  switches,
  toggle,
}: {
  channel: 'email' | 'telegram';
  legend: string;
  legendHidden?: boolean;
  switches: NotificationSettings['email'];
  toggle: (kind: NotificationKind, on: boolean) => void;
}) {
  const t = useT();
  return (
    <fieldset className="checks">
      <legend className={legendHidden ? 'visually-hidden' : 'field__label'}>{legend}</legend>
      {NOTIFICATION_KINDS.map((kind) => (
        <label key={kind} className="check">
          <input
            type="checkbox"
            name={`${channel}-${kind}`}
            checked={switches[kind]}
            onChange={(event) => toggle(kind, event.target.checked)}
          />
          {t(NOTIFICATION_KIND_NAMES[kind])}
        </label>
      ))}
    </fieldset>
  );
}

/** Which notifications also come by mail: saved as each box is ticked. */
export function NotificationSettingsSection() {
  const t = useT();
  const { settings, save, switches, toggle } = useKindSwitches('email');
  const headingId = useId();
  return (
    <section className="account-section" aria-labelledby={headingId}>
      <h2 className="section-title" id={headingId}>
        {t('notifications.settingsSection')}
      </h2>
      <p className="muted">{t('notifications.settingsLead')}</p>
      {switches ? (
        <KindSwitches
          channel="email"
          legend={t('notifications.settingsSection')}
          legendHidden
          switches={switches}
          toggle={toggle}
        />
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
