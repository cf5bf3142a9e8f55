import type { Locale, Translator } from '@portfolio-master/i18n';
import type { messages } from './messages/uz-Latn';

export type Messages = typeof messages;

/*
 * Each language's whole catalog is a chunk of its own: the server renders with all four (entry-server.tsx
 * imports them), and a page it did not render (the dev server) loads its language's.
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

/** The module of `locale`'s whole catalog as the build manifest names it, for the server's preload hint. */
export const messagesModule = (locale: Locale) => `src/i18n/messages/${locale}.ts`;

/**
 * The words of the first chunk, and where those of each module loaded later are (plugins/split-messages.ts):
 * what a page the server rendered loads instead of the whole catalog.
 */
export interface ShellMessages {
  messages: Messages;
  modules: Record<string, string>;
}

let later: { modules: Record<string, string>; translator: Translator } | null = null;
const loading = new Map<string, Promise<void>>();

/** From now on, modules loaded through `withMessages` bring their words into `translator`. */
export function loadLaterMessages(modules: Record<string, string>, translator: Translator): void {
  later = { modules, translator };
}

/** Loads the words `module` uses beyond the shell's (nothing when the whole catalog is loaded). */
export function messagesOf(module: string): Promise<void> {
  const file = later?.modules[module];
  if (!later || !file) return Promise.resolve();
  const { translator } = later;
  let pending = loading.get(file);
  if (!pending) {
    pending = (import(/* @vite-ignore */ file) as Promise<{ messages: Messages }>).then(
      (loaded) => translator.add(loaded.messages),
      (error: unknown) => {
        // A failed download may be tried again, as its chunk's is.
        loading.delete(file);
        throw error;
      },
    );
    loading.set(file, pending);
  }
  return pending;
}

/**
 * `load` (a module's dynamic import) together with the words the module uses: `module` is its path as the
 * build names it (`src/features/moderation/components/report-dialog.tsx`); the build fails on a module
 * with words of its own that nothing loads this way.
 */
export const withMessages =
  <T>(module: string, load: () => Promise<T>) =>
  async (): Promise<T> =>
    (await Promise.all([load(), messagesOf(module)]))[0];
