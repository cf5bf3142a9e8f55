import { useSaved } from '../../features/bookmarks/api/bookmarks';
import { CardListPage, usePageParam } from '../../features/portfolios/components/card-list-page';
import { useTexts } from '../../i18n/uz';
import { RequireAuth } from './require-auth';
import { privateHead } from '../../lib/head';
import type { Page } from '../route';

/** "Saqlanganlar": what I saved to read later, the newest save first; nobody else sees it. */
function SavedList() {
  const uz = useTexts();
  const page = usePageParam();
  return (
    <CardListPage
      title={uz.bookmarks.title}
      lead={uz.bookmarks.lead}
      empty={uz.bookmarks.empty}
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

export const page: Page = { Component: SavedRoute, head: privateHead((uz) => uz.bookmarks.title) };
