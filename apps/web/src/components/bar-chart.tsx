import { useLocale } from '../i18n/translator';
import { formatNumber } from '../lib/format';

export interface Bar {
  /** The row's first cell in the table, and the bar's key. */
  label: string;
  value: number;
  /** What a pointer over the bar shows: the label and the value in words. */
  title: string;
}

const WIDTH = 300;
const HEIGHT = 100;

/**
 * Bars of `values`, oldest on the left, named for screen readers by `labelledBy` (a heading and a sentence
 * with the totals); the same numbers follow as a table only they read.
 */
export function BarChart({
  bars,
  labelledBy,
  caption,
  columns,
  className = '',
}: {
  bars: Bar[];
  labelledBy: string;
  caption: string;
  /** The table's two column headings: what the labels are, and what the values count. */
  columns: [string, string];
  className?: string;
}) {
  const locale = useLocale();
  const highest = Math.max(1, ...bars.map((bar) => bar.value));
  const step = WIDTH / Math.max(1, bars.length);
  return (
    <>
      <svg
        className={`bar-chart ${className}`.trim()}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-labelledby={labelledBy}
      >
        {bars.map((bar, index) => {
          const height = (bar.value / highest) * (HEIGHT - 4);
          return (
            <rect
              key={bar.label}
              x={index * step + 1}
              y={HEIGHT - height}
              width={step - 2}
              height={height}
              rx={1}
              className="bar-chart__bar"
            >
              <title>{bar.title}</title>
            </rect>
          );
        })}
      </svg>
      {/* Wrapped: a table is as wide as its text whatever its own width says, and would widen the page. */}
      <div className="visually-hidden">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{columns[0]}</th>
              <th scope="col">{columns[1]}</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.label}>
                <td>{bar.label}</td>
                <td>{formatNumber(locale, bar.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
