import type { Locale } from '@portfolio-master/i18n/locales';
import { dehydrate, type QueryClient } from './query';
import type { SiteFacts } from './site-url';

/** What the server hands the browser with a rendered page. */
export interface ServerState {
  /** The render's moment: relative dates hydrate as they were printed. */
  renderTime: number;
  /** The query cache, dehydrated (`lib/query/`). */
  queries: unknown;
  /** The site's public address and Telegram bot (see site-url.ts). */
  site?: SiteFacts;
  /** The language the page was rendered in: the browser loads its messages before hydrating. */
  locale?: Locale;
}

/**
 * JSON for a `<script type="application/json">` element. `<` is escaped, so no text in the data can end
 * the element or open a comment.
 */
export function writeServerState(
  client: QueryClient,
  renderTime: number,
  site: SiteFacts = {},
  locale?: Locale,
): string {
  const state: ServerState = { renderTime, queries: dehydrate(client), site, locale };
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The state the server wrote, or null when the page was not rendered by it. The queries count as fetched
 * now: the server renders from current data and drops a cached page on every write that changes it, so
 * the browser has no reason to ask again at once.
 */
export function readServerState(text: string | null | undefined): ServerState | null {
  if (!text) return null;
  let state: ServerState;
  try {
    state = JSON.parse(text) as ServerState;
  } catch {
    return null;
  }
  const queries = (state.queries as { queries?: { state: { dataUpdatedAt: number } }[] }).queries ?? [];
  const now = Date.now();
  for (const query of queries) query.state.dataUpdatedAt = now;
  return state;
}

/**
 * The address of the first chunk's words, which the server's page preloads in the link of this id
 * (`web-build.ts`); null when the page was not rendered by the server or the build has no split words.
 */
export function readShellMessagesAddress(): string | null {
  return document.getElementById('shell-messages')?.getAttribute('href') ?? null;
}
