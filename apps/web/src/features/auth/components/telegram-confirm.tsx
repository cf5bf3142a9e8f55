import { StatusIndicator } from '../../../components/status-indicator';
import { useTexts } from '../../../i18n/uz';
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
  const uz = useTexts();
  const signIn = useTelegramSignIn();
  if (!needsTelegramConfirmation(failure)) return null;
  return (
    <div className="telegram-confirm" role="status">
      <p>{uz.telegram.confirmLead}</p>
      {signIn.isError ? <StatusIndicator status="error" message={errorMessage(uz, signIn.error)} /> : null}
      <TelegramButton
        label={uz.telegram.confirm}
        busy={signIn.isPending}
        onAuth={(payload) => signIn.mutate(payload, { onSuccess: retry })}
      />
    </div>
  );
}
