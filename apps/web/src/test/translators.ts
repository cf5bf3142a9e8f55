import { createTranslator, type Locale, type Translator } from '@portfolio-master/i18n';
import type { Messages } from '../i18n/messages';
import { messages as en } from '../i18n/messages/en';
import { messages as ru } from '../i18n/messages/ru';
import { messages as uzCyrl } from '../i18n/messages/uz-Cyrl';
import { messages as uzLatn } from '../i18n/messages/uz-Latn';

const MESSAGES: Record<Locale, Messages> = { 'uz-Latn': uzLatn, 'uz-Cyrl': uzCyrl, ru, en };

/** The compiled catalog of `locale`, as a page in that language reads it. */
export const translatorFor = (locale: Locale): Translator => createTranslator(locale, MESSAGES[locale]);

/** The source language's `t`, for tests that read the site's own words. */
export const t = translatorFor('uz-Latn').t;
