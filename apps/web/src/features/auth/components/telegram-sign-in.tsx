import { StatusIndicator } from '../../../components/status-indicator';
import { useT } from '../../../i18n/translator';
import { errorMessage } from '../../../lib/api-client';
import { useNavigate } from '../../../lib/router';
import { useTelegramBotId } from '../../../lib/site-url';
import { useTelegramSignIn } from '../api/telegram';
import { TelegramButton } from './telegram-button';

/**
 * "yoki Telegram orqali kirish" under the sign-in and sign-up forms, when signing in with Telegram is on.
 * A known Telegram account goes where signing in goes; a new one was just made, so it goes to its profile
 * form (it has a name from Telegram, and no email or password yet).
 */
export function TelegramSignIn({ label, to, lead }: { label: string; to: string; lead?: string }) {
  const t = useT();
  const navigate = useNavigate();
  const signIn = useTelegramSignIn();
  const botId = useTelegramBotId();
  if (!botId) return null;
  return (
    <div className="telegram-block">
      <p className="divider">
        <span>{t('telegram.or')}</span>
      </p>
      {signIn.isError ? <StatusIndicator status="error" message={errorMessage(t, signIn.error)} /> : null}
      <TelegramButton
        label={label}
        busy={signIn.isPending}
        onAuth={(payload) =>
          signIn.mutate(payload, {
            onSuccess: ({ created }) =>
              created
                ? navigate('/profile?edit=1', { replace: true, state: { notice: t('telegram.welcome') } })
                : navigate(to, { replace: true }),
          })
        }
      />
      {lead ? <p className="field__hint">{lead}</p> : null}
    </div>
  );
}
