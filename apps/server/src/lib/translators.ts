import { createTranslator, type Locale, type Translator } from '@portfolio-master/i18n';
import { messages as en } from '@portfolio-master/i18n/messages/en';
import { messages as ru } from '@portfolio-master/i18n/messages/ru';
import { messages as uzCyrl } from '@portfolio-master/i18n/messages/uz-Cyrl';
import { messages as uzLatn } from '@portfolio-master/i18n/messages/uz-Latn';

/*
 * The site's words in each language, compiled at build time (packages/i18n): the server parses no
 * message. A translator keeps nothing of a request, so one per language serves them all.
 */
const translators: Readonly<Record<Locale, Translator>> = {
  'uz-Latn': createTranslator('uz-Latn', uzLatn),
  'uz-Cyrl': createTranslator('uz-Cyrl', uzCyrl),
  ru: createTranslator('ru', ru),
  en: createTranslator('en', en),
};

export function translator(locale: Locale): Translator {
  return translators[locale];
}
