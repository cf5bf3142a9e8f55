import { errorMessage } from '../lib/api-client';
import { useTexts } from '../i18n/uz';
import { StatusIndicator } from './status-indicator';

/** The Uzbek message for an error, with a retry button when there is something to retry. */
export function ErrorView({
  error,
  title,
  onRetry,
  compact = false,
}: {
  error: unknown;
  title?: string;
  onRetry?: () => void;
  compact?: boolean;
}) {
  const uz = useTexts();
  return (
    <div className={`error-view${compact ? ' error-view--compact' : ''}`}>
      {title ? <p className="error-view__title">{title}</p> : null}
      <StatusIndicator status="error" message={errorMessage(uz, error)} />
      {onRetry ? (
        <button type="button" className="button button--ghost" onClick={onRetry}>
          {uz.errors.retry}
        </button>
      ) : null}
    </div>
  );
}
