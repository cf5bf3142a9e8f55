import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CvService } from './cv.service.js';

/** What these routes are handed: the app passes its services. */
export interface CvRouteDependencies {
  cv: CvService;
}

/** A profile's CV: `/profile/{username}/cv`, `cv.pdf` and `resume.json`, under each language's prefix. */
export const cvRoutes: FastifyPluginAsyncZod<CvRouteDependencies> = async () => {};
