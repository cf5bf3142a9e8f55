import type { Suggestions } from '@portfolio-master/contract';
import { type SuggestionGroup, SearchCombobox } from '../components/search-combobox';
import { listHref } from '../features/portfolios/list-query';
import { getSuggestions } from '../features/search/api/get-search';
import { searchHref } from '../features/search/search-query';
import { type Translate, useT } from '../i18n/translator';
import { useHref, useNavigate } from '../lib/router';

/** The header's search: portfolios, people and technologies suggested as one types; the search page on Enter. */
export function HeaderSearch() {
  const t = useT();
  const navigate = useNavigate();
  const action = useHref('/search');
  return (
    <SearchCombobox
      action={action}
      suggest={async (q, signal) => groupsOf(await getSuggestions(q, signal), t)}
      onPick={(href) => navigate(href)}
      onSearch={(q) => navigate(searchHref({ q, type: 'portfolios', page: 1 }))}
    />
  );
}

function groupsOf(found: Suggestions, t: Translate): SuggestionGroup[] {
  return [
    {
      key: 'portfolios',
      label: t('searchPage.tab.portfolios'),
      options: found.portfolios.map((p) => ({
        key: p._id,
        label: p.title,
        href: `/portfolio/${encodeURIComponent(p.linktitle)}`,
      })),
    },
    {
      key: 'people',
      label: t('searchPage.tab.people'),
      options: found.people.map((p) => ({
        key: p._id,
        label: `${p.firstname} ${p.lastname}`.trim() || p.username,
        detail: `@${p.username}`,
        href: `/profile/${encodeURIComponent(p.username)}`,
      })),
    },
    {
      key: 'technologies',
      label: t('searchPage.tab.technologies'),
      options: found.technologies.map((tech) => ({
        key: tech.name,
        label: tech.name,
        href: listHref(1, [tech.name]),
      })),
    },
  ];
}
