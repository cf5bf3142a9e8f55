import { useFollowingFeed } from '../../features/follows/api/follows';
import { CardListPage, usePageParam } from '../../features/portfolios/components/card-list-page';
import { useT } from '../../i18n/translator';
import { RequireAuth } from './require-auth';
import { privateHead } from '../../lib/head';
import type { Page } from '../route';

/** "Kuzatuvlar": the portfolios of the people I follow, newest first. */
function FollowingFeed() {
  const t = useT();
  const page = usePageParam();
  return (
    <CardListPage
      title={t('follows.feedTitle')}
      lead={t('follows.feedLead')}
      empty={t('follows.feedEmpty')}
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

export const page: Page = { Component: FollowingRoute, head: privateHead((t) => t('follows.feedTitle')) };
