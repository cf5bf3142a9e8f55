import type { SiteStats } from '@portfolio-master/contract';
import { useId } from 'react';
import { BarChart } from '../../../components/bar-chart';
import { ErrorView } from '../../../components/error-view';
import { Spinner } from '../../../components/spinner';
import { formatNumber, shortDate } from '../../../lib/format';
import { useLocale, useT } from '../../../i18n/translator';
import { useSiteStats } from '../api/site-stats';
import { STAT_NAMES } from '../labels';

const COUNTS = Object.keys(STAT_NAMES) as (keyof typeof STAT_NAMES)[];

function Signups({ weeks }: { weeks: SiteStats['signupsByWeek'] }) {
  const t = useT();
  const locale = useLocale();
  const titleId = useId();
  const descId = useId();
  const total = weeks.reduce((sum, week) => sum + week.count, 0);
  const from = weeks[0] ? shortDate(locale, weeks[0].week) : '';
  const to = weeks.at(-1) ? shortDate(locale, weeks.at(-1)!.week) : '';
  const summary = t('moderation.stats.signupsSummary', { total, from, to });
  return (
    <section className="panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="panel__title">
        {t('moderation.stats.signups')}
      </h2>
      <p className="muted" id={descId}>
        {summary}
      </p>
      <BarChart
        bars={weeks.map((week) => ({
          label: shortDate(locale, week.week),
          value: week.count,
          title: t('moderation.stats.weekOf', { date: shortDate(locale, week.week), count: week.count }),
        }))}
        labelledBy={`${titleId} ${descId}`}
        caption={summary}
        columns={[t('moderation.stats.week'), t('moderation.stats.count')]}
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
  const t = useT();
  const locale = useLocale();
  const stats = useSiteStats();
  if (stats.isPending) return <Spinner />;
  if (stats.isError) return <ErrorView error={stats.error} onRetry={() => void stats.refetch()} />;
  return (
    <section className="mod-stats" aria-label={t('moderation.tabs.stats')}>
      <dl className="stat-grid">
        {COUNTS.map((key) => (
          <div key={key} className="panel stat">
            <dt className="stat__label">{t(STAT_NAMES[key])}</dt>
            <dd className="stat__value">{formatNumber(locale, stats.data[key])}</dd>
          </div>
        ))}
      </dl>
      <Signups weeks={stats.data.signupsByWeek} />
    </section>
  );
}
