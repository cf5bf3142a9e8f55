import type { Locale } from '@portfolio-master/i18n';
import type { messages } from './messages/uz-Latn';

export type Messages = typeof messages;

/*
 * Each language's compiled messages are a chunk of their own, so the browser downloads only the page's
 * (the server renders with all four: entry-server.tsx imports them).
 */
const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  'uz-Latn': () => import('./messages/uz-Latn'),
  'uz-Cyrl': () => import('./messages/uz-Cyrl'),
  ru: () => import('./messages/ru'),
  en: () => import('./messages/en'),
};

export async function loadMessages(locale: Locale): Promise<Messages> {
  return (await loaders[locale]()).messages;
}

/** The module of `locale`'s messages as the build manifest names it, for the server's preload hint. */
export const messagesModule = (locale: Locale) => `src/i18n/messages/${locale}.ts`;
