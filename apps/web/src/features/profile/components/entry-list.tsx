import { useId, useRef, type ReactNode } from 'react';
import { FieldErrors } from '../../../components/form-field';
import { PlusIcon } from '../../../components/icons/plus';
import { TrashIcon } from '../../../components/icons/trash';

/**
 * Entries of one kind (jobs, schools), each a group of fields, added and removed with buttons. A new
 * entry takes the focus at its first field; removing one gives it to the add button (rendered after the
 * removal, so enabled again when the list was full), so the keyboard never loses its place.
 */
export function EntryList<Entry extends { key: number }>({
  legend,
  lead,
  entries,
  max,
  make,
  onChange,
  addLabel,
  entryLegend,
  removeLabel,
  messages,
  entryMessages,
  children,
}: {
  legend: string;
  lead: string;
  entries: Entry[];
  max: number;
  make: () => Entry;
  onChange: (entries: Entry[]) => void;
  addLabel: string;
  entryLegend: (number: number) => string;
  removeLabel: (number: number) => string;
  /** The server's messages about the whole list. */
  messages?: string[];
  /** The server's messages about one entry as a whole (not about one of its fields). */
  entryMessages: (index: number) => string[] | undefined;
  children: (entry: Entry, index: number, update: (change: Partial<Entry>) => void) => ReactNode;
}) {
  const id = useId();
  const focusAddButton = useRef(false);
  const focusOnMount = useRef<number | null>(null);
  const update = (index: number) => (change: Partial<Entry>) =>
    onChange(entries.map((entry, at) => (at === index ? { ...entry, ...change } : entry)));
  return (
    <fieldset className="entry-list" aria-describedby={`${id}-lead`}>
      <legend>{legend}</legend>
      <p className="field__hint" id={`${id}-lead`}>
        {lead}
      </p>
      <FieldErrors id={`${id}-error`} messages={messages} />
      {entries.map((entry, index) => (
        <fieldset
          key={entry.key}
          className="entry-list__entry"
          ref={(node) => {
            if (node && focusOnMount.current === entry.key) {
              focusOnMount.current = null;
              node.querySelector<HTMLElement>('input, select')?.focus();
            }
          }}
        >
          <legend className="entry-list__legend">{entryLegend(index + 1)}</legend>
          <FieldErrors id={`${id}-${entry.key}-error`} messages={entryMessages(index)} />
          {children(entry, index, update(index))}
          <div className="actions">
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => {
                focusAddButton.current = true;
                onChange(entries.filter((_, at) => at !== index));
              }}
            >
              <TrashIcon /> {removeLabel(index + 1)}
            </button>
          </div>
        </fieldset>
      ))}
      <div className="actions">
        <button
          ref={(node) => {
            if (node && focusAddButton.current && !node.disabled) {
              focusAddButton.current = false;
              node.focus();
            }
          }}
          type="button"
          className="button button--ghost"
          disabled={entries.length >= max}
          onClick={() => {
            const entry = make();
            focusOnMount.current = entry.key;
            onChange([...entries, entry]);
          }}
        >
          <PlusIcon /> {addLabel}
        </button>
      </div>
    </fieldset>
  );
}
