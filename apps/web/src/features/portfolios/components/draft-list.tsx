import { Link } from '../../../lib/router';
import { useT } from '../../../i18n/translator';
import { useDeleteDraft, useDrafts } from '../api/drafts';

/** "Qoralamalar": my unpublished portfolios, on my own profile only; each continues in the create form. */
export function DraftList() {
  const t = useT();
  const drafts = useDrafts();
  const remove = useDeleteDraft();
  if (!drafts.data || drafts.data.length === 0) return null;
  return (
    <section className="panel drafts" aria-labelledby="drafts-title">
      <h2 id="drafts-title">{t('drafts.title')}</h2>
      <ul className="drafts__list">
        {drafts.data.map((draft) => (
          <li key={draft._id} className="drafts__item">
            <Link to={`/create?draft=${draft._id}`}>{draft.title.trim() || t('drafts.untitled')}</Link>
            <button
              type="button"
              className="button button--ghost"
              disabled={remove.isPending}
              onClick={() => remove.mutate(draft._id)}
            >
              {t('drafts.delete')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
