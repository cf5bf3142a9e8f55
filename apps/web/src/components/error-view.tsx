import { errorMessage } from '../lib/api-client';
import { useT } from '../i18n/translator';
import { StatusIndicator } from './status-indicator';

/** The message for an error in the page's language, with a retry button when there is something to retry. */
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
  const t = useT();
  return (
    <div className={`error-view${compact ? ' error-view--compact' : ''}`}>
      {title ? <p className="error-view__title">{title}</p> : null}
      <StatusIndicator status="error" message={errorMessage(t, error)} />
      {onRetry ? (
        <button type="button" className="button button--ghost" onClick={onRetry}>
          {t('errors.retry')}
        </button>
      ) : null}
    </div>
  );
}
