/*
 * What the server says of the site: its public address, for links that leave it (sharing to Telegram), and
 * the bot of Telegram's Login Widget when signing in with Telegram is on. Set for each server render
 * (synchronous, like the script) and, in the browser, from the state the server wrote; the browser's own
 * origin and no Telegram sign-in when the page was not rendered by the server.
 */
let publicUrl = '';
let telegramBotIdNow: string | undefined;

export interface SiteFacts {
  publicUrl?: string | undefined;
  telegramBotId?: string | undefined;
}

export function setSiteFacts(facts: SiteFacts): void {
  publicUrl = (facts.publicUrl ?? '').replace(/\/+$/, '');
  telegramBotIdNow = facts.telegramBotId || undefined;
}

/** The numeric id of the bot Telegram's Login Widget asks about; undefined when signing in with Telegram is off. */
export function telegramBotId(): string | undefined {
  return telegramBotIdNow;
}

/** An absolute address on this site for `path`. */
export function siteUrl(path: string): string {
  const base = publicUrl || (typeof window === 'undefined' ? '' : window.location.origin);
  return `${base}${path}`;
}
