import { BookmarkIcon } from '../../../components/icons';
import { errorMessage } from '../../../lib/api-client';
import { Link, useLocation } from '../../../lib/router';
import { useTexts } from '../../../i18n/uz';
import { useBookmark, useSetBookmark } from '../api/bookmarks';

/** "Saqlash" / "Saqlangan" on a portfolio: private, for reading later from /saved. */
export function SaveButton({ portfolioId, signedIn }: { portfolioId: string; signedIn: boolean }) {
  const uz = useTexts();
  const location = useLocation();
  const state = useBookmark(portfolioId);
  const set = useSetBookmark(portfolioId);
  if (!signedIn) {
    return (
      <Link to="/auth/login" state={{ from: location.pathname }} className="button button--ghost">
        <BookmarkIcon />
        {uz.bookmarks.save}
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
        {saved ? uz.bookmarks.saved : uz.bookmarks.save}
      </button>
      {set.isError ? (
        <p className="field__error" role="alert">
          {errorMessage(uz, set.error)}
        </p>
      ) : null}
    </div>
  );
}
