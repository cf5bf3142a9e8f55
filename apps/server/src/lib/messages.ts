import { LOCALE_INFO, type Locale, type MessageKey, type MessageValues } from '@portfolio-master/i18n';
import { messages as source } from '@portfolio-master/i18n/messages/uz-Latn';
import { translator } from './translators.js';

/**
 * What the server says to someone (a problem's detail, a field's message, a line of a mail): a key of the
 * catalog and what the message is given, written in a language only when it is sent, since whoever
 * raises an error does not know who reads it.
 */
export type Message = MessageKey | { readonly key: MessageKey; readonly values: MessageValues };

export const message = (key: MessageKey, values: MessageValues): Message => ({ key, values });

/** Whether `value` names a message of the catalog (a contract's schema gives keys as its messages). */
export const isMessageKey = (value: string): value is MessageKey => Object.hasOwn(source, value);

/** Uzbekistan keeps UTC+5 all year: a moment reads the same wherever the server runs. */
const TIME_ZONE = 'Asia/Tashkent';

const momentFormats = new Map<Locale, Intl.DateTimeFormat>();

/**
 * A moment as the web app writes one in full: a language with `Intl` data of its own names the month
 * ("2 декабря 2026 г. в 16:05"), one that borrows another's (Uzbek) writes digits ("02.12.2026 16:05").
 */
function moment(locale: Locale, date: Date): string {
  const { tag, formatTag } = LOCALE_INFO[locale];
  const ownData = tag === formatTag;
  let format = momentFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(
      formatTag,
      ownData
        ? { dateStyle: 'long', timeStyle: 'short', timeZone: TIME_ZONE }
        : {
            day: '2-digit',
            month: '2-digit',
            year: 'numeric',
            hour: '2-digit',
            minute: '2-digit',
            hourCycle: 'h23',
            timeZone: TIME_ZONE,
          },
    );
    momentFormats.set(locale, format);
  }
  if (ownData) return format.format(date);
  return format
    .formatToParts(date)
    .map((part) => (part.type === 'literal' && /^,\s*$/.test(part.value) ? ' ' : part.value))
    .join('');
}

/** `said` in `locale`, with what it is given as written; a date reads as the language writes dates. */
export function say(locale: Locale, said: Message): string {
  const { t } = translator(locale);
  if (typeof said === 'string') return t(said);
  const values = Object.fromEntries(
    Object.entries(said.values).map(([name, value]) => [
      name,
      value instanceof Date ? moment(locale, value) : value,
    ]),
  );
  return t(said.key, values);
}
