import type { ListSort } from '@portfolio-master/contract/constants';
import { Link } from '../../../lib/router';
import { useT } from '../../../i18n/translator';
import { listHref } from '../list-query';

/**
 * "Shuni nazarda tutdingizmi: …": a search that found little, offered as the server corrected it (close
 * spellings of its misspelt words). A plain link, so it works before the app loads.
 */
export function SearchSuggestion({
  suggestion,
  filter,
  sort,
}: {
  suggestion: string | undefined;
  filter: string[];
  sort: ListSort;
}) {
  const t = useT();
  if (!suggestion) return null;
  return (
    <p className="search-suggestion">
      {t('list.suggestion')}{' '}
      <Link to={listHref(1, filter, suggestion, sort === 'relevance' ? undefined : sort)} rel="nofollow">
        <strong>{suggestion}</strong>
      </Link>
    </p>
  );
}
