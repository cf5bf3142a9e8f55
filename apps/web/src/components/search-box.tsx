import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../i18n/translator';
import { useHref } from '../lib/router';
import { CloseIcon } from './icons/close';
import { SearchIcon } from './icons/search';

export interface SearchBoxProps {
  value: string;
  /** The technologies in force, kept when the form is sent without JavaScript. */
  filter?: string[];
  /** Called with the trimmed text after typing pauses for `delay` ms, or at once on Enter or clear. */
  onSearch: (text: string) => void;
  delay?: number;
}

export function SearchBox({ value, filter = [], onSearch, delay = 400 }: SearchBoxProps) {
  const t = useT();
  const action = useHref('/page/1');
  const id = useId();
  const [text, setText] = useState(value);
  const input = useRef<HTMLInputElement>(null);
  const latest = useRef(onSearch);
  latest.current = onSearch;
  const lastSent = useRef(value);

  // Follow the URL when it changes from outside (back button, a technology link).
  useEffect(() => {
    if (value !== lastSent.current) {
      lastSent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === lastSent.current) return;
    const timer = setTimeout(() => {
      lastSent.current = trimmed;
      latest.current(trimmed);
    }, delay);
    return () => clearTimeout(timer);
  }, [text, delay]);

  const submitNow = (next: string) => {
    lastSent.current = next;
    latest.current(next);
  };

  return (
    <form
      className="search-box"
      role="search"
      action={action}
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        submitNow(text.trim());
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t('search.label')}
      </label>
      <SearchIcon className="search-box__icon" />
      <input
        ref={input}
        id={id}
        name="q"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('search.placeholder')}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
      />
      {filter.length ? <input type="hidden" name="filter" value={filter.join(',')} /> : null}
      {text ? (
        <button
          type="button"
          className="icon-button search-box__clear"
          aria-label={t('search.clear')}
          onClick={() => {
            setText('');
            submitNow('');
            input.current?.focus();
          }}
        >
          <CloseIcon />
        </button>
      ) : null}
    </form>
  );
}
