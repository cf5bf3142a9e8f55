import { useFollowingFeed } from '../../features/follows/api/follows';
import { CardListPage, usePageParam } from '../../features/portfolios/components/card-list-page';
import { useTexts } from '../../i18n/uz';
import { RequireAuth } from './require-auth';
import { privateHead } from '../../lib/head';
import type { Page } from '../route';

/** "Kuzatuvlar": the portfolios of the people I follow, newest first. */
function FollowingFeed() {
  const uz = useTexts();
  const page = usePageParam();
  return (
    <CardListPage
      title={uz.follows.feedTitle}
      lead={uz.follows.feedLead}
      empty={uz.follows.feedEmpty}
      query={useFollowingFeed(page)}
      page={page}
      path="/following"
    />
  );
}

export function FollowingRoute() {
  return (
    <RequireAuth>
      <div className="container page">
        <FollowingFeed />
      </div>
    </RequireAuth>
  );
}

export const page: Page = { Component: FollowingRoute, head: privateHead((uz) => uz.follows.feedTitle) };
