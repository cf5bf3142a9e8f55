import { lazy, Suspense, useState } from 'react';
import { withMessages } from '../../../i18n/messages';
import { preloadOnIntent } from '../../../lib/lazy-page';
import { useT } from '../../../i18n/translator';

const loadDialog = withMessages(
  'src/features/likes/components/likers-dialog.tsx',
  () => import('./likers-dialog'),
);
const LikersDialog = lazy(() => loadDialog().then((module) => ({ default: module.LikersDialog })));

/**
 * "Yoqtirganlar": from the like count, a dialog of who likes the portfolio, newest first, paged; the
 * dialog's code is fetched when a pointer or focus reaches the count.
 */
export function Likers({ portfolioId, count }: { portfolioId: string; count: number }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  if (count === 0) return null;
  return (
    <>
      <button
        type="button"
        className="link-button likers__open"
        {...preloadOnIntent(loadDialog)}
        onClick={() => setOpen(true)}
      >
        {t('likers.open', { count })}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <LikersDialog portfolioId={portfolioId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
