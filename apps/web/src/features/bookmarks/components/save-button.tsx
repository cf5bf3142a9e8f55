import { BookmarkIcon } from '../../../components/icons/bookmark';
import { errorMessage } from '../../../lib/api-client';
import { Link, useLocation } from '../../../lib/router';
import { useT } from '../../../i18n/translator';
import { useBookmark, useSetBookmark } from '../api/bookmarks';

/** "Saqlash" / "Saqlangan" on a portfolio: private, for reading later from /saved. */
export function SaveButton({ portfolioId, signedIn }: { portfolioId: string; signedIn: boolean }) {
  const t = useT();
  const location = useLocation();
  const state = useBookmark(portfolioId);
  const set = useSetBookmark(portfolioId);
  if (!signedIn) {
    return (
      <Link to="/auth/login" state={{ from: location.pathname }} className="button button--ghost">
        <BookmarkIcon />
        {t('bookmarks.save')}
      </Link>
    );
  }
  const saved = state.data?.saved ?? false;
  return (
    <div className="save">
      <button
        type="button"
        className="button button--ghost"
        aria-pressed={saved}
        disabled={state.isPending || set.isPending}
        onClick={() => set.mutate(!saved)}
      >
        <BookmarkIcon filled={saved} />
        {saved ? t('bookmarks.saved') : t('bookmarks.save')}
      </button>
      {set.isError ? (
        <p className="field__error" role="alert">
          {errorMessage(t, set.error)}
        </p>
      ) : null}
    </div>
  );
}
