import type { Script } from './script.js';

/**
 * How the server asks the web app for a page. The web app's server entry implements `PageRenderer` with
 * the same components and queries the browser runs; the server supplies the request and composes the
 * document around the answer.
 */
export interface RenderRequest {
  /** The path and query of the page, as requested (still percent-encoded). */
  url: string;
  /** The site's public address without a trailing slash, for canonical and preview URLs. */
  publicUrl: string;
  /** Answers the page's API reads (`/api/...`) from inside the server process. */
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** The moment the page's relative dates ("8 kun avval") are measured from, in milliseconds. */
  now: number;
  /** The reader's script: the site's own texts are written in it, what people wrote stays as written. */
  script: Script;
  /**
   * The page's language, one of `@portfolio-master/i18n`'s LOCALES (`uz-Latn`, `uz-Cyrl`, `ru`, `en`).
   * Absent, the web app takes the address's prefix (`/ru/page/1`), else `script` (Latin or Cyrillic Uzbek).
   */
  locale?: string | undefined;
  /** The bot's numeric id, for Telegram's Login Widget, when signing in with Telegram is on. */
  telegramBotId?: string | undefined;
}

export type RenderResult =
  | { kind: 'redirect'; status: 301 | 302; location: string }
  | {
      kind: 'page';
      /** 404 for an address, portfolio, profile or list page that does not exist; 503 when data failed. */
      status: 200 | 404 | 503;
      /** The language the page was written in (a locale of `@portfolio-master/i18n`), for `<html lang>`. */
      locale: string;
      /** Title, description, canonical, Open Graph, JSON-LD and feed links, ready for `<head>`. */
      head: string;
      /** The app's markup, for the inside of `#root`. */
      html: string;
      /** The queries' data and the render moment, as JSON safe to put inside a `<script>` element. */
      state: string;
      /** Source modules of the page's chunk and of its language's messages, for preload hints from the build manifest. */
      modules: string[];
      /**
       * The same for every visitor: a public page that exists. Forms, own pages, searches and errors
       * are not (they may carry what the address carried, such as a registration link's email).
       */
      shared: boolean;
    };

export interface PageRenderer {
  render(request: RenderRequest): Promise<RenderResult>;
}
