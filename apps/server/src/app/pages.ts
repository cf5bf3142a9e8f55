import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { registerPages } from '../modules/pages/pages.routes.js';
import type { CachedResponses } from '../plugins/read-cache.js';
import type { AppServices } from './services.js';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * The web app's pages, last: they answer every GET the routes before them do not. `webDist` is the web
 * app's build (`WEB_DIST`), apps/web/dist unless set; pages the same for everyone are also kept in
 * `cachedResponses`. Answers how to let go of pages nobody asked for.
 */
export function registerWebApp(
  app: FastifyInstance,
  services: AppServices,
  webDist: string = DEFAULT_WEB_DIST,
  cachedResponses?: CachedResponses,
): Promise<(idleMs: number) => number> {
  return registerPages(app, services, webDist, cachedResponses);
}
