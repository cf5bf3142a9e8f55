import { useEffect, useId, useState } from 'react';
import { ChevronDownIcon, FilterIcon } from '../../../components/icons';
import { ErrorView } from '../../../components/error-view';
import { Spinner } from '../../../components/spinner';
import { uz } from '../../../i18n/uz';
import { useTechnologies } from '../api/get-technologies';

export interface TechnologyFilterProps {
  selected: string[];
  onToggle: (name: string) => void;
  onClear: () => void;
  /** Open at first (wide screens); a phone starts with it closed. */
  defaultOpen?: boolean;
}

/** A collapsible checkbox list of technologies. */
export function TechnologyFilter({
  selected,
  onToggle,
  onClear,
  defaultOpen = false,
}: TechnologyFilterProps) {
  const [open, setOpen] = useState(defaultOpen || selected.length > 0);
  const listId = useId();
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
    <section className="panel filter">
      <button
        type="button"
        className="filter__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <FilterIcon />
        <span className="filter__title">{uz.filter.title}</span>
        {selected.length ? <span className="badge">{selected.length}</span> : null}
        <span className="visually-hidden">{open ? uz.filter.hide : uz.filter.show}</span>
        <ChevronDownIcon className={`filter__chevron${open ? ' is-open' : ''}`} />
      </button>
      <div id={listId} hidden={!open} className="filter__body" aria-busy={query.isPending}>
        {query.isPending ? (
          <Spinner />
        ) : query.isError ? (
          <ErrorView error={query.error} onRetry={() => void query.refetch()} compact />
        ) : names.length === 0 ? (
          <p className="muted">{uz.filter.empty}</p>
        ) : (
          <ul className="filter__list">
            {names.map(({ name, count }) => (
              <li key={name}>
                <label className="check">
                  <input type="checkbox" checked={isChecked(name)} onChange={() => toggle(name)} />
                  <span className="check__label">{name}</span>
                  {count ? <span className="check__count">{count}</span> : null}
                </label>
              </li>
            ))}
          </ul>
        )}
        {selected.length ? (
          <button type="button" className="button button--ghost button--small" onClick={onClear}>
            {uz.filter.clear}
          </button>
        ) : null}
      </div>
    </section>
  );
}
