import type { SiteStats } from '@portfolio-master/contract';
import { useId } from 'react';
import { BarChart } from '../../../components/bar-chart';
import { ErrorView } from '../../../components/error-view';
import { Spinner } from '../../../components/spinner';
import { shortDate } from '../../../lib/relative-time';
import { useTexts } from '../../../i18n/uz';
import { useSiteStats } from '../api/site-stats';

const COUNTS = [
  'users',
  'portfolios',
  'comments',
  'hiddenPortfolios',
  'hiddenComments',
  'openReports',
  'blockedUsers',
] as const satisfies readonly (keyof SiteStats)[];

function Signups({ weeks }: { weeks: SiteStats['signupsByWeek'] }) {
  const uz = useTexts();
  const titleId = useId();
  const descId = useId();
  const total = weeks.reduce((sum, week) => sum + week.count, 0);
  const from = weeks[0] ? shortDate(weeks[0].week) : '';
  const to = weeks.at(-1) ? shortDate(weeks.at(-1)!.week) : '';
  const summary = uz.moderation.stats.signupsSummary(total, from, to);
  return (
    <section className="panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="panel__title">
        {uz.moderation.stats.signups}
      </h2>
      <p className="muted" id={descId}>
        {summary}
      </p>
      <BarChart
        bars={weeks.map((week) => ({
          label: shortDate(week.week),
          value: week.count,
          title: uz.moderation.stats.weekOf(shortDate(week.week), week.count),
        }))}
        labelledBy={`${titleId} ${descId}`}
        caption={summary}
        columns={[uz.moderation.stats.week, uz.moderation.stats.count]}
        className="bar-chart--tall"
      />
      <p className="bar-chart__axis muted" aria-hidden="true">
        <span>{from}</span>
        <span>{to}</span>
      </p>
    </section>
  );
}

/** "Statistika": the site's counts, and how many signed up each of the last 12 weeks. */
export function SiteStatsSection() {
  const uz = useTexts();
  const stats = useSiteStats();
  if (stats.isPending) return <Spinner />;
  if (stats.isError) return <ErrorView error={stats.error} onRetry={() => void stats.refetch()} />;
  return (
    <section className="mod-stats" aria-label={uz.moderation.tabs.stats}>
      <dl className="stat-grid">
        {COUNTS.map((key) => (
          <div key={key} className="panel stat">
            <dt className="stat__label">{uz.moderation.stats[key]}</dt>
            <dd className="stat__value">{stats.data[key]}</dd>
          </div>
        ))}
      </dl>
      <Signups weeks={stats.data.signupsByWeek} />
    </section>
  );
}
