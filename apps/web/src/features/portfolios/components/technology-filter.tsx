import { useEffect, useId, useState } from 'react';
import { ChevronDownIcon } from '../../../components/icons/chevron-down';
import { FilterIcon } from '../../../components/icons/filter';
import { ErrorView } from '../../../components/error-view';
import { Spinner } from '../../../components/spinner';
import { Link, useHref } from '../../../lib/router';
import { useT } from '../../../i18n/translator';
import { useTechnologies } from '../api/get-technologies';

export interface TechnologyFilterProps {
  selected: string[];
  /** The search in force, kept when the form is sent without JavaScript. */
  q?: string;
  onToggle: (name: string) => void;
}

/**
 * A checkbox list of technologies. On a phone it folds behind a button and starts open only when a
 * filter is in force; from 900px it is always open (index.css), so the first render is the same on the
 * server and in every browser. Without JavaScript it is a plain GET form with its own button.
 */
export function TechnologyFilter({ selected, q = '', onToggle }: TechnologyFilterProps) {
  const t = useT();
  const action = useHref('/page/1');
  const [open, setOpen] = useState(selected.length > 0);
  const listId = useId();
  const titleId = useId();
  const query = useTechnologies();
  // The box flips at once; the URL (and so `selected`) follows a moment later.
  const [shown, setShown] = useState(selected);
  const selectedKey = selected.join('\n');
  useEffect(() => setShown(selectedKey ? selectedKey.split('\n') : []), [selectedKey]);
  const isChecked = (name: string) => shown.some((item) => item.toLowerCase() === name.toLowerCase());
  const toggle = (name: string) => {
    setShown((old) =>
      isChecked(name) ? old.filter((item) => item.toLowerCase() !== name.toLowerCase()) : [...old, name],
    );
    onToggle(name);
  };
  // Selected names the server no longer lists still show, so they can be unchecked.
  const names = [
    ...(query.data ?? []),
    ...selected
      .filter((name) => !query.data?.some((t) => t.name.toLowerCase() === name.toLowerCase()))
      .map((name) => ({ name, count: 0 })),
  ];

  return (
    <section className="panel filter home__filter" aria-labelledby={titleId}>
      <h2 id={titleId} className="filter__heading">
        <FilterIcon />
        {t('filter.title')}
        {selected.length ? <span className="badge">{selected.length}</span> : null}
      </h2>
      <button
        type="button"
        className="filter__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <FilterIcon />
        <span className="filter__title">{t('filter.title')}</span>
        {selected.length ? <span className="badge">{selected.length}</span> : null}
        <span className="visually-hidden">{open ? t('filter.hide') : t('filter.show')}</span>
        <ChevronDownIcon className={`filter__chevron${open ? ' is-open' : ''}`} />
      </button>
      <form
        id={listId}
        hidden={!open}
        className="filter__body"
        aria-busy={query.isPending}
        action={action}
        method="get"
        onSubmit={(event) => event.preventDefault()}
      >
        {query.isPending ? (
          <Spinner />
        ) : query.isError ? (
          <ErrorView error={query.error} onRetry={() => void query.refetch()} compact />
        ) : names.length === 0 ? (
          <p className="muted">{t('filter.empty')}</p>
        ) : (
          <ul className="filter__list">
            {names.map(({ name, count }) => (
              <li key={name}>
                <label className="check">
                  <input
                    type="checkbox"
                    name="filter"
                    value={name}
                    checked={isChecked(name)}
                    onChange={() => toggle(name)}
                  />
                  <span className="check__label">{name}</span>
                  {count ? <span className="check__count">{count}</span> : null}
                </label>
              </li>
            ))}
          </ul>
        )}
        {q ? <input type="hidden" name="q" value={q} /> : null}
        <noscript>
          <button type="submit" className="button button--primary button--small">
            {t('filter.apply')}
          </button>
        </noscript>
        {selected.length ? (
          <Link to="/page/1" className="button button--ghost button--small">
            {t('filter.clear')}
          </Link>
        ) : null}
      </form>
    </section>
  );
}
