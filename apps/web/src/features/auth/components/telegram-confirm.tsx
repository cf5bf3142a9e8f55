import { StatusIndicator } from '../../../components/status-indicator';
import { useT } from '../../../i18n/translator';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useTelegramSignIn } from '../api/telegram';
import { TelegramButton } from './telegram-button';

/** Whether the server asked an account without a password to sign in with Telegram again first. */
export function needsTelegramConfirmation(failure: unknown): boolean {
  return failure instanceof ApiError && failure.problem?.code === 'CONFIRMATION_REQUIRED';
}

/**
 * For an account with no password, a sensitive change (an email, a first password, leaving) is confirmed
 * by a fresh sign-in with Telegram: shown when the server asks for it, and `retry` runs the change again
 * once this browser holds the new session.
 */
export function TelegramConfirm({ failure, retry }: { failure: unknown; retry: () => void }) {
  const t = useT();
  const signIn = useTelegramSignIn();
  if (!needsTelegramConfirmation(failure)) return null;
  return (
    <div className="telegram-confirm" role="status">
      <p>{t('telegram.confirmLead')}</p>
      {signIn.isError ? <StatusIndicator status="error" message={errorMessage(t, signIn.error)} /> : null}
      <TelegramButton
        label={t('telegram.confirm')}
        busy={signIn.isPending}
        onAuth={(payload) => signIn.mutate(payload, { onSuccess: retry })}
      />
    </div>
  );
}
