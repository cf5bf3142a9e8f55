import { createContext, useContext } from 'react';

/**
 * What the server says of the site: its public address, for links that leave it (sharing to Telegram), and
 * the bot of Telegram's Login Widget when signing in with Telegram is on. Given to each render through
 * context (the server's from its request; the browser's from the state the server wrote); the browser's
 * own origin and no Telegram sign-in when the page was not rendered by the server.
 */
export interface SiteFacts {
  publicUrl?: string | undefined;
  telegramBotId?: string | undefined;
}

const SiteFactsContext = createContext<SiteFacts>({});

export const SiteFactsProvider = SiteFactsContext.Provider;

export function useSiteFacts(): SiteFacts {
  return useContext(SiteFactsContext);
}

/** The numeric id of the bot Telegram's Login Widget asks about; undefined when signing in with Telegram is off. */
export function useTelegramBotId(): string | undefined {
  return useSiteFacts().telegramBotId || undefined;
}

/** An absolute address on this site for `path`. */
export function siteUrl(site: SiteFacts, path: string): string {
  const base =
    (site.publicUrl ?? '').replace(/\/+$/, '') ||
    (typeof window === 'undefined' ? '' : window.location.origin);
  return `${base}${path}`;
}
