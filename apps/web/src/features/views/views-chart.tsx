import type { PortfolioViews } from '@portfolio-master/contract';
import { useId } from 'react';
import { BarChart } from '../../components/bar-chart';
import { useLocale, useT } from '../../i18n/translator';
import { shortDate } from '../../lib/format';

/** The owner's chart of unique viewers per day: an SVG with its numbers also as a table for screen readers. */
export function ViewsChart({ views }: { views: PortfolioViews }) {
  const t = useT();
  const locale = useLocale();
  const titleId = useId();
  const descId = useId();
  const { days, total } = views;
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
