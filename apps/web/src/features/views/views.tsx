import type { PortfolioViews } from '@portfolio-master/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { apiGet, request } from '../../lib/api-client';
import { useToken } from '../../lib/auth-token';
import { uz } from '../../i18n/uz';

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

const WIDTH = 300;
const HEIGHT = 100;

/** The owner's chart of unique viewers per day: an SVG with its numbers also as a table for screen readers. */
export function ViewsChart({ portfolioId }: { portfolioId: string }) {
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
  const highest = Math.max(1, ...days.map((day) => day.viewers));
  const step = WIDTH / days.length;
  const summary = uz.views.summary(total, days[0]!.date, days.at(-1)!.date);
  return (
    <section className="panel views" aria-labelledby={titleId}>
      <h2 id={titleId} className="panel__title">
        {uz.views.title}
      </h2>
      <p className="muted" id={descId}>
        {summary}
      </p>
      <svg
        className="views__chart"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
      >
        {days.map((day, index) => {
          const height = (day.viewers / highest) * (HEIGHT - 4);
          return (
            <rect
              key={day.date}
              x={index * step + 1}
              y={HEIGHT - height}
              width={step - 2}
              height={height}
              rx={1}
              className="views__bar"
            >
              <title>{uz.views.day(day.date, day.viewers)}</title>
            </rect>
          );
        })}
      </svg>
      <table className="visually-hidden">
        <caption>{summary}</caption>
        <thead>
          <tr>
            <th scope="col">{uz.views.date}</th>
            <th scope="col">{uz.views.viewers}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <td>{day.date}</td>
              <td>{day.viewers}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
