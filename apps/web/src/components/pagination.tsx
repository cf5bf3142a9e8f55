import { Link } from '../lib/router';
import { useT } from '../i18n/translator';
import { ChevronLeftIcon } from './icons/chevron-left';
import { ChevronRightIcon } from './icons/chevron-right';

export type PageItem = number | 'gap';

/** Page numbers to show: the first, the last and the neighbours of the current one, gaps between. */
export function pageItems(current: number, pageCount: number, neighbours = 1): PageItem[] {
  const last = Math.max(1, pageCount);
  const pages = new Set<number>([1, last]);
  for (let n = current - neighbours; n <= current + neighbours; n++) if (n >= 1 && n <= last) pages.add(n);
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PageItem[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) items.push('gap');
    items.push(page);
  });
  return items;
}

export interface PaginationProps {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}

/** Previous/next arrows and numbered links; with no items there is only page 1. */
export function Pagination({ page, pageCount, hrefFor }: PaginationProps) {
  const t = useT();
  const last = Math.max(1, pageCount);
  const items = pageItems(page, last);
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      {page > 1 ? (
        <Link
          className="pagination__item"
          to={hrefFor(page - 1)}
          aria-label={t('pagination.previous')}
          rel="prev"
        >
          <ChevronLeftIcon />
        </Link>
      ) : (
        <span
          className="pagination__item is-disabled"
          aria-disabled="true"
          aria-label={t('pagination.previous')}
          role="link"
        >
          <ChevronLeftIcon />
        </span>
      )}
      {items.map((item, index) =>
        item === 'gap' ? (
          <span key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={item}
            to={hrefFor(item)}
            className={`pagination__item${item === page ? ' is-current' : ''}`}
            aria-current={item === page ? 'page' : undefined}
            aria-label={t('pagination.page', { page: item })}
          >
            {item}
          </Link>
        ),
      )}
      {page < last ? (
        <Link
          className="pagination__item"
          to={hrefFor(page + 1)}
          aria-label={t('pagination.next')}
          rel="next"
        >
          <ChevronRightIcon />
        </Link>
      ) : (
        <span
          className="pagination__item is-disabled"
          aria-disabled="true"
          aria-label={t('pagination.next')}
          role="link"
        >
          <ChevronRightIcon />
        </span>
      )}
    </nav>
  );
}
