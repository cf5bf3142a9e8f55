import type { MentionCandidate } from '@portfolio-master/contract';
import { BOUNDS } from '@portfolio-master/contract/constants';
import {
  type KeyboardEvent,
  type Ref,
  type TextareaHTMLAttributes,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { Avatar, fullName } from '../../../components/avatar';
import { useT } from '../../../i18n/translator';
import { suggestMentions } from '../api/suggest-mentions';

/** How long typing must pause before the server is asked. */
const ASK_AFTER_MS = 150;

/**
 * The `@name` being typed at the caret: what follows an `@` that starts a word (not one inside an
 * address), as far as the caret, in username characters. Null when the caret is not in one.
 */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const match = /(?:^|[^A-Za-z0-9_.+@-])@([A-Za-z0-9][A-Za-z0-9_.-]*)?$/.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[1] ?? '';
  if (query.length > 30) return null;
  return { start: caret - query.length - 1, query };
}

/** People whose username, first or last name begins with `query` (any case); everyone for no query. */
function matching(people: readonly MentionCandidate[], query: string): MentionCandidate[] {
  const wanted = query.toLowerCase();
  return people.filter((person) =>
    [person.username, person.firstname, person.lastname].some((name) =>
      name.toLowerCase().startsWith(wanted),
    ),
  );
}

export interface MentionTextareaProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'value' | 'onChange'
> {
  value: string;
  onChange: (value: string) => void;
  /** The people of this conversation (its portfolio's authors, its commenters): suggested first. */
  participants: readonly MentionCandidate[];
  /** Never suggested: the writer. */
  selfId?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
}

/**
 * A comment's text box that suggests people as one types `@` and the start of a name
 * (docs/decisions/0057-mentions.md): the conversation's people first, then usernames from the server.
 * Up and Down move through the list, Enter or Tab puts the chosen `@username` in, Escape closes it; the
 * box keeps the focus throughout and names the chosen option to screen readers (`aria-activedescendant`),
 * and a polite status says how many there are.
 */
export function MentionTextarea({
  value,
  onChange,
  participants,
  selfId,
  ref,
  ...textarea
}: MentionTextareaProps) {
  const t = useT();
  const listId = useId();
  const hintId = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(ref, () => box.current!, []);
  const [typing, setTyping] = useState<{ start: number; query: string } | null>(null);
  const [found, setFound] = useState<{ query: string; people: MentionCandidate[] } | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);

  // Asked of the server once typing pauses: a newer question makes an older answer moot.
  const query = typing?.query ?? '';
  useEffect(() => {
    if (!typing || query === '') return;
    let current = true;
    const timer = setTimeout(() => {
      suggestMentions(query).then(
        (people) => {
          if (current) setFound({ query, people });
        },
        () => undefined,
      );
    }, ASK_AFTER_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [typing, query]);

  const others = (people: readonly MentionCandidate[]) => people.filter((person) => person._id !== selfId);
  const fromServer = found && query.toLowerCase().startsWith(found.query.toLowerCase()) ? found.people : [];
  const options = typing
    ? dedupe([...matching(others(participants), query), ...matching(others(fromServer), query)]).slice(
        0,
        BOUNDS.mentionSuggestions,
      )
    : [];
  const open = typing !== null && dismissed !== typing.start && options.length > 0;
  const chosen = open ? Math.min(active, options.length - 1) : -1;
  const optionId = (index: number) => `${listId}-${index}`;

  const follow = (element: HTMLTextAreaElement) => {
    const next = mentionAt(element.value, element.selectionStart);
    setTyping((previous) =>
      previous?.start === next?.start && previous?.query === next?.query ? previous : next,
    );
    if (next?.start !== typing?.start) setActive(0);
  };

  const choose = (person: MentionCandidate) => {
    const element = box.current;
    if (!element || !typing) return;
    const end = typing.start + 1 + typing.query.length;
    const inserted = `@${person.username} `;
    const text = value.slice(0, typing.start) + inserted + value.slice(end);
    onChange(text);
    setTyping(null);
    const caret = typing.start + inserted.length;
    requestAnimationFrame(() => {
      element.focus();
      element.setSelectionRange(caret, caret);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((chosen + step + options.length) % options.length);
        return;
      }
      if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
        event.preventDefault();
        choose(options[chosen]!);
        return;
      }
      if (event.key === 'Escape') {
        // Closes the list only; the box (and a form around it that Escape would leave) stays.
        event.preventDefault();
        event.stopPropagation();
        setDismissed(typing.start);
        return;
      }
    }
    textarea.onKeyDown?.(event);
  };

  return (
    <div className="mention-box">
      <textarea
        {...textarea}
        ref={box}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          follow(event.target);
        }}
        onSelect={(event) => follow(event.currentTarget)}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          setTyping(null);
          textarea.onBlur?.(event);
        }}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(chosen) : undefined}
        aria-describedby={[textarea['aria-describedby'], hintId].filter(Boolean).join(' ')}
      />
      <span id={hintId} className="visually-hidden">
        {t('mentions.hint')}
      </span>
      <span className="visually-hidden" role="status" aria-live="polite">
        {open ? t('mentions.count', { count: options.length }) : ''}
      </span>
      {open ? (
        <ul id={listId} role="listbox" className="mention-list" aria-label={t('mentions.label')}>
          {options.map((person, index) => (
            <li
              key={person._id}
              id={optionId(index)}
              role="option"
              aria-selected={index === chosen}
              className="mention-option"
              // Chosen with the pointer without taking the focus from the box.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(person);
              }}
            >
              <Avatar user={person} size={24} decorative />
              <span className="mention-option__text">
                <span className="mention-option__name">{fullName(person)}</span>
                <span className="mention-option__username">@{person.username}</span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

const dedupe = (people: readonly MentionCandidate[]) => {
  const seen = new Set<string>();
  return people.filter((person) => !seen.has(person._id) && Boolean(seen.add(person._id)));
};
