import { useT } from '../../../i18n/translator';
import { useWeekBest } from '../api/get-portfolios';
import { PortfolioCard } from './portfolio-card';

/** "Haftaning eng yaxshilari": what was liked and discussed most this week; nothing when nothing was. */
export function WeekBest() {
  const t = useT();
  const best = useWeekBest();
  if (!best.data || best.data.length === 0) return null;
  return (
    <section className="week-best" aria-labelledby="week-best-title">
      <h2 id="week-best-title" className="section-title">
        {t('list.weekBest')}
      </h2>
      <div className="grid week-best__grid">
        {/* Above the list on page 1: its first picture is the one a phone sees first. */}
        {best.data.map((portfolio, index) => (
          <PortfolioCard key={portfolio._id} portfolio={portfolio} priority={index === 0} />
        ))}
      </div>
    </section>
  );
}
