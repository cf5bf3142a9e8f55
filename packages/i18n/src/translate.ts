import { type Messages, setupI18n } from '@lingui/core';
import type { MessageKey } from './catalog/types.js';
import { LOCALE_INFO, type Locale } from './locales.js';

/** What a message is given: names, titles, counts, words a `select` chooses by. */
export type MessageValues = Readonly<Record<string, string | number | bigint | Date | null | undefined>>;

export interface Translator {
  readonly locale: Locale;
  /** The message `key` in this language, with `values` put in as given (never converted). */
  t(key: MessageKey, values?: MessageValues): string;
  /** Takes more of the language's messages (a page's own, loaded with its chunk). */
  add(messages: Messages): void;
}

/**
 * A translator over one language's compiled messages (`@portfolio-master/i18n/messages/<locale>`).
 * Plurals follow `Intl.PluralRules` (one/few/many/other in Russian, one/other in English) and `#` is a
 * number in the language's format, both from its `formatTag`'s data, which every runtime carries.
 */
export function createTranslator(locale: Locale, messages: Messages): Translator {
  const { tag, formatTag } = LOCALE_INFO[locale];
  const i18n = setupI18n({ locale: tag, locales: [formatTag], messages: { [tag]: messages } });
  return {
    locale,
    t: (key, values) => i18n._(key, values as Record<string, unknown> | undefined),
    add: (more) => i18n.load(tag, more),
  };
}
