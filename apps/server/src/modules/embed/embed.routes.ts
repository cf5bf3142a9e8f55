import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EmbedService } from './embed.service.js';

/** What these routes are handed: the app passes its services. */
export interface EmbedRouteDependencies {
  embeds: EmbedService;
}

/** `/embed/profile/{username}.svg`, `/embed/portfolio/{linktitle}` and `/oembed`. */
export const embedRoutes: FastifyPluginAsyncZod<EmbedRouteDependencies> = async () => {};
