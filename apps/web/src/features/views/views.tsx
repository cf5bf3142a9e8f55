import type { PortfolioViews } from '@portfolio-master/contract';
import { useQuery } from '../../lib/query';
import { useEffect, useId, useRef } from 'react';
import { BarChart } from '../../components/bar-chart';
import { apiGet, request } from '../../lib/api-client';
import { useToken } from '../../lib/auth-token';
import { useLocale, useT } from '../../i18n/translator';
import { shortDate } from '../../lib/format';

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

/** The owner's chart of unique viewers per day: an SVG with its numbers also as a table for screen readers. */
export function ViewsChart({ portfolioId }: { portfolioId: string }) {
  const t = useT();
  const locale = useLocale();
  const token = useToken();
  const titleId = useId();
  const descId = useId();
  const views = useQuery({
    queryKey: ['views', portfolioId, token],
    queryFn: ({ signal }) =>
      apiGet<PortfolioViews>(`/portfolio/${encodeURIComponent(portfolioId)}/views`, { signal }),
    enabled: token !== null,
  });
  if (!views.data) return null;
  const { days, total } = views.data;
  const summary = t('views.summary', {
    total,
    from: shortDate(locale, days[0]!.date),
    to: shortDate(locale, days.at(-1)!.date),
  });
  return (
    <section className="panel views" aria-labelledby={titleId}>
      <h2 id={titleId} className="panel__title">
        {t('views.title')}
      </h2>
      <p className="muted" id={descId}>
        {summary}
      </p>
      <BarChart
        bars={days.map((day) => ({
          label: shortDate(locale, day.date),
          value: day.viewers,
          title: t('views.day', { date: shortDate(locale, day.date), viewers: day.viewers }),
        }))}
        labelledBy={`${titleId} ${descId}`}
        caption={summary}
        columns={[t('views.date'), t('views.viewers')]}
      />
    </section>
  );
}
