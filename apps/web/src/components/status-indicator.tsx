import { useT } from '../i18n/translator';
import { CheckIcon } from './icons/check';
import { CloseIcon } from './icons/close';

export type Status = 'pending' | 'success' | 'error';

/** Pending shows a spinner, success a tick, error a cross, each with its message beneath. */
export function StatusIndicator({ status, message }: { status: Status; message?: string }) {
  const t = useT();
  const fallback = { pending: t('status.loading'), success: t('status.success'), error: t('status.error') }[
    status
  ];
  return (
    <div
      className={`status status--${status}`}
      role={status === 'error' ? 'alert' : 'status'}
      aria-live={status === 'error' ? 'assertive' : 'polite'}
      data-status={status}
    >
      <span className="status__mark" aria-hidden="true">
        {status === 'pending' ? (
          <span className="spinner" />
        ) : status === 'success' ? (
          <CheckIcon />
        ) : (
          <CloseIcon />
        )}
      </span>
      <span className="status__message">{message ?? fallback}</span>
    </div>
  );
}
