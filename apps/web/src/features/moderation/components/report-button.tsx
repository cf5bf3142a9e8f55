import type { ReportTarget } from '@portfolio-master/contract';
import { lazy, Suspense, useState } from 'react';
import { LazyDialog } from '../../../components/lazy-dialog';
import { FlagIcon } from '../../../components/icons/flag';
import { Spinner } from '../../../components/spinner';
import { withMessages } from '../../../i18n/messages';
import { preloadOnIntent } from '../../../lib/lazy-page';
import { useT } from '../../../i18n/translator';
import { useAuth } from '../../auth/api/get-me';

const loadDialog = withMessages(
  'src/features/moderation/components/report-dialog.tsx',
  () => import('./report-dialog'),
);
const ReportDialog = lazy(() => loadDialog().then((module) => ({ default: module.ReportDialog })));

export interface ReportButtonProps {
  target: ReportTarget;
  id: string;
  /** Whose it is: nobody reports their own. */
  ownerId: string;
  /** What is reported, as the person sees it. */
  label: string;
  /** An icon alone, for a comment; otherwise a small text button. */
  compact?: boolean;
}

/**
 * "Shikoyat qilish" for signed-in people on what others wrote: small, so it never competes with the
 * page's own actions. The dialog's code comes when it is first wanted (or pointed at).
 */
export function ReportButton({ target, id, ownerId, label, compact = false }: ReportButtonProps) {
  const t = useT();
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  if (!user || user._id === ownerId) return null;
  const close = () => setOpen(false);
  return (
    <span className={`report${compact ? ' report--compact' : ''}`}>
      <button
        type="button"
        className={compact ? 'icon-button icon-button--small report__button' : 'link-button report__button'}
        aria-label={compact ? t('report.openComment') : undefined}
        title={compact ? t('report.openComment') : undefined}
        aria-haspopup="dialog"
        {...preloadOnIntent(loadDialog)}
        onClick={() => {
          setSent(false);
          setOpen(true);
        }}
      >
        <FlagIcon />
        {compact ? null : t('report.open')}
      </button>
      <span className="report__sent" role="status">
        {sent ? t('report.sent') : ''}
      </span>
      {open ? (
        <Suspense fallback={<LazyDialog title={t('report.title')} message={<Spinner />} onClose={close} />}>
          <ReportDialog
            target={target}
            id={id}
            label={label}
            onClose={close}
            onSent={() => {
              setOpen(false);
              setSent(true);
            }}
          />
        </Suspense>
      ) : null}
    </span>
  );
}
