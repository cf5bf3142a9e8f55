import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useT } from '../i18n/translator';
import { SearchIcon } from './icons/search';

/** One kind of suggestion (portfolios, people, technologies) and the places it leads to. */
export interface SuggestionGroup {
  key: string;
  label: string;
  options: { key: string; label: string; detail?: string; href: string }[];
}

export interface SearchComboboxProps {
  /** The search page's address: without JavaScript the box is a plain GET form to it. */
  action: string;
  /** The suggestions for a query; called after typing pauses for `delay` ms, the last call aborted. */
  suggest: (q: string, signal: AbortSignal) => Promise<SuggestionGroup[]>;
  /** Called with a suggestion's address when one is chosen. */
  onPick: (href: string) => void;
  /** Called with the trimmed text when the form is sent without a suggestion chosen. */
  onSearch: (q: string) => void;
  delay?: number;
}

/** Words shorter than this are not worth suggesting for. */
const MIN_LENGTH = 2;

/**
 * A search box that suggests as one types, following the WAI-ARIA combobox pattern: the input is the
 * combobox, its suggestions a listbox of groups; ArrowDown and ArrowUp move through them (the input keeps
 * the focus and names the current one with `aria-activedescendant`), Enter follows it, Escape closes the
 * list and then clears the box; a live region says how many there are.
 */
export function SearchCombobox({ action, suggest, onPick, onSearch, delay = 250 }: SearchComboboxProps) {
  const t = useT();
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [groups, setGroups] = useState<SuggestionGroup[]>([]);
  const [open, setOpen] = useState(false);
  /** The current option by its group and key: it stays current when suggestions for more letters still hold it. */
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const latest = useRef(suggest);
  latest.current = suggest;

  const options = groups.flatMap((group) =>
    group.options.map((option) => ({ ...option, id: `${group.key}:${option.key}` })),
  );
  const active = options.findIndex((option) => option.id === activeKey);
  const setActive = (index: number) => setActiveKey(options[index]?.id ?? null);
  const optionId = (index: number) => `${id}-option-${index}`;
  const expanded = open && options.length > 0;

  useEffect(() => {
    const q = text.trim();
    if (q.length < MIN_LENGTH) {
      setGroups([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      latest.current(q, controller.signal).then(
        (found) => setGroups(found),
        () => {
          // An aborted or failed suggestion leaves the box a plain search.
        },
      );
    }, delay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, delay]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const pick = (index: number) => {
    const option = options[index];
    if (!option) return;
    close();
    onPick(option.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (count === 0) return;
      event.preventDefault();
      setOpen(true);
      if (event.key === 'ArrowDown') setActive(!expanded || active >= count - 1 ? 0 : active + 1);
      else setActive(!expanded || active <= 0 ? count - 1 : active - 1);
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      event.preventDefault();
      pick(active);
    } else if (event.key === 'Escape') {
      if (expanded) close();
      else setText('');
    }
  };

  let index = -1;
  return (
    <form
      className="search-combobox"
      role="search"
      action={action}
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        close();
        onSearch(text.trim());
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t('searchBox.label')}
      </label>
      <SearchIcon className="search-combobox__icon" />
      <input
        id={id}
        name="q"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
        placeholder={t('searchBox.placeholder')}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={t('searchBox.suggestions')}
        className="search-combobox__list"
        hidden={!expanded}
      >
        {groups
          .filter((group) => group.options.length > 0)
          .map((group) => (
            <div key={group.key} role="group" aria-labelledby={`${id}-${group.key}`}>
              <div id={`${id}-${group.key}`} role="presentation" className="search-combobox__group">
                {group.label}
              </div>
              {group.options.map((option) => {
                index += 1;
                const own = index;
                return (
                  <div
                    key={option.key}
                    id={optionId(own)}
                    role="option"
                    aria-selected={own === active}
                    className={`search-combobox__option${own === active ? ' is-active' : ''}`}
                    // The input keeps the focus: a click must not blur it before it lands.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => pick(own)}
                  >
                    <span>{option.label}</span>
                    {option.detail ? (
                      <span className="muted search-combobox__detail">{option.detail}</span>
                    ) : null}
                  </div>
                );
              })}
            </div>
          ))}
      </div>
      <div role="status" aria-live="polite" className="visually-hidden">
        {open && text.trim().length >= MIN_LENGTH ? t('searchBox.count', { count: options.length }) : ''}
      </div>
    </form>
  );
}
