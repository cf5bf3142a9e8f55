import { useSaved } from '../../features/bookmarks/api/bookmarks';
import { CardListPage, usePageParam } from '../../features/portfolios/components/card-list-page';
import { useT } from '../../i18n/translator';
import { RequireAuth } from './require-auth';
import { privateHead } from '../../lib/head';
import type { Page } from '../route';

/** "Saqlanganlar": what I saved to read later, the newest save first; nobody else sees it. */
function SavedList() {
  const t = useT();
  const page = usePageParam();
  return (
    <CardListPage
      title={t('bookmarks.title')}
      lead={t('bookmarks.lead')}
      empty={t('bookmarks.empty')}
      query={useSaved(page)}
      page={page}
      path="/saved"
    />
  );
}

export function SavedRoute() {
  return (
    <RequireAuth>
      <div className="container page">
        <SavedList />
      </div>
    </RequireAuth>
  );
}

export const page: Page = { Component: SavedRoute, head: privateHead((t) => t('bookmarks.title')) };
