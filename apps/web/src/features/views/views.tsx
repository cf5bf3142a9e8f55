import type { PortfolioViews } from '@portfolio-master/contract';
import { useQuery } from '../../lib/query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { apiGet, request } from '../../lib/api-client';
import { useToken } from '../../lib/auth-token';
import { withMessages } from '../../i18n/messages';

const loadChart = withMessages('src/features/views/views-chart.tsx', () => import('./views-chart'));
const Chart = lazy(() => loadChart().then((module) => ({ default: module.ViewsChart })));

/** Counts this reader once per portfolio opened (the server leaves out the owner and crawlers). */
export function ViewCounter({ portfolioId }: { portfolioId: string }) {
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (counted.current === portfolioId) return;
    counted.current = portfolioId;
    request<null>(`/portfolio/${encodeURIComponent(portfolioId)}/view`, { method: 'POST' }).catch(
      () => undefined,
    );
  }, [portfolioId]);
  return null;
}

/**
 * The owner's chart of unique viewers per day, shown once its numbers are in: the chart's code is fetched
 * alongside them, only for the owner (or an admin), never with the page.
 */
export function ViewsChart({ portfolioId }: { portfolioId: string }) {
  const token = useToken();
  const views = useQuery({
    queryKey: ['views', portfolioId, token],
    queryFn: ({ signal }) =>
      apiGet<PortfolioViews>(`/portfolio/${encodeURIComponent(portfolioId)}/views`, { signal }),
    enabled: token !== null,
  });
  useEffect(() => void loadChart().catch(() => undefined), []);
  if (!views.data) return null;
  return (
    <Suspense fallback={null}>
      <Chart views={views.data} />
    </Suspense>
  );
}
