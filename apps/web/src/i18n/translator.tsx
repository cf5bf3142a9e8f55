import type { Locale, Translator } from '@portfolio-master/i18n';
import { createContext, useContext } from 'react';

/*
 * The page's language. Each render is given its translator through context (the server's for the
 * request, the browser's for the page it hydrates), never through a module's state: two server renders
 * that interleave across an await must not see each other's language.
 */
const TranslatorContext = createContext<Translator | null>(null);

export const TranslatorProvider = TranslatorContext.Provider;

/** `t(key, values)`: a message of the catalog in the page's language. Code outside components is handed it. */
export type Translate = Translator['t'];

function useTranslator(): Translator {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error('TranslatorProvider is missing above this component');
  return translator;
}

export function useT(): Translate {
  return useTranslator().t;
}

/** The language the page is written in. */
export function useLocale(): Locale {
  return useTranslator().locale;
}
